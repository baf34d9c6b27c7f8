/**
 * JSON schemas of Stripe's objects generated from the installed SDK's TypeScript types
 * (`stripe-types.ts`), so the conformance test follows the SDK: a new SDK (a new pinned API
 * version) means new schemas. Generating takes several seconds, so the result is cached under
 * `node_modules/.cache`, keyed by the SDK's version, the generator's and the aliases file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import tsj from 'ts-json-schema-generator';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');
const typesFile = path.join(here, 'stripe-types.ts');

type Schema = { definitions: Record<string, unknown> };

/**
 * The SDK names nested types by their namespace (`PaymentMethod.Card`), but two resources may
 * export the same name (`Card` in Cards.d.ts and in Issuing/Cards.d.ts): the generator refuses
 * such duplicates, so a type from a resource subfolder is named with it (`Issuing.Card`).
 */
function qualifySubfolderNames() {
  const parser = tsj.ExposeNodeParser.prototype as unknown as {
    getDefinitionName(node: { getSourceFile(): { fileName: string } }, context: unknown): string;
    qualified?: true;
  };
  if (parser.qualified) return;
  const original = parser.getDefinitionName;
  parser.getDefinitionName = function (node, context) {
    const name = original.call(this, node, context);
    const folder = /stripe\/esm\/resources\/(.+)\/[^/]+\.d\.ts$/.exec(node.getSourceFile().fileName)?.[1];
    return folder ? `${folder.replace(/\//g, '.')}.${name}` : name;
  };
  parser.qualified = true;
}

function generate(): Schema {
  qualifySubfolderNames();
  const schema = tsj
    .createGenerator({
      path: typesFile,
      tsconfig: path.join(here, '..', 'tsconfig.json'),
      type: '*',
      expose: 'export',
      skipTypeCheck: true,
      jsDoc: 'none',
      // A field the pinned version does not define is an older (or invented) shape: refused.
      additionalProperties: false,
    })
    .createSchema('*') as Schema;
  // On the wire a decimal is a string; the SDK's `Decimal` is the object it parses it into.
  schema.definitions.Decimal = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' };
  return schema;
}

export function stripeSchemas(): Schema {
  const version = (pkg: string) =>
    (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(
      [
        version('stripe'),
        Stripe.API_VERSION,
        version('ts-json-schema-generator'),
        readFileSync(typesFile, 'utf8'),
        generate.toString(),
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(root, 'node_modules', '.cache', 'stripe-schemas');
  const file = path.join(dir, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Schema;
  const schema = generate();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(schema));
  return schema;
}
