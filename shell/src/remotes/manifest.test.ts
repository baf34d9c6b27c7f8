import { describe, expect, it } from 'vitest';
import { parseRemotesManifest } from './manifest.ts';

const base = 'http://localhost:8080/app/subscription';

describe('parseRemotesManifest', () => {
  it('resolves root-relative entries against the page and keeps absolute ones', () => {
    const parsed = parseRemotesManifest(
      {
        remotes: [
          { name: 'mfe_account', entry: '/mfe/mfe-account/mf-manifest.json' },
          { name: 'mfe_voices', entry: 'https://cdn.example.com/voices/mf-manifest.json' },
        ],
      },
      base,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.remotes).toEqual([
      { name: 'mfe_account', entry: 'http://localhost:8080/mfe/mfe-account/mf-manifest.json' },
      { name: 'mfe_voices', entry: 'https://cdn.example.com/voices/mf-manifest.json' },
    ]);
  });

  it('skips bad entries and keeps the good ones', () => {
    const parsed = parseRemotesManifest(
      {
        remotes: [
          { name: 'mfe_unknown', entry: '/x.json' },
          { name: 'mfe_account', entry: 'javascript:alert(1)' },
          { name: 'mfe_gallery' },
          { name: 'mfe_voices', entry: '/v.json' },
          { name: 'mfe_voices', entry: '/v2.json' },
          'junk',
        ],
      },
      base,
    );
    expect(parsed.remotes).toEqual([{ name: 'mfe_voices', entry: 'http://localhost:8080/v.json' }]);
    expect(parsed.problems).toHaveLength(5);
  });

  it('treats a document without a list as no remotes', () => {
    expect(parseRemotesManifest(null, base).remotes).toEqual([]);
    expect(parseRemotesManifest({ remotes: 'x' }, base).problems).toEqual(['remotes.json has no "remotes" list']);
  });
});
