import { PASSWORD_MIN_SCORE } from '@studio/contracts';

type Score = (password: string, userInputs: string[]) => number;
let loading: Promise<Score> | null = null;

/** zxcvbn with its common-password and English dictionaries, loaded on first use (they weigh ≈ 1 MB: never on the landing page). */
function estimator(): Promise<Score> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const zxcvbn = new ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...english.dictionary } });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  })();
  return loading;
}

/**
 * spec 1 §3 weak_password: whether a new password is too weak — common ("123456", "password"), a
 * keyboard walk, or guessable from the account's own e-mail. The server and the forms ask the same.
 */
export async function isWeakPassword(password: string, email = ''): Promise<boolean> {
  const inputs = email ? [email, ...email.split(/[@.+_-]/).filter(Boolean)] : [];
  return (await estimator())(password, inputs) < PASSWORD_MIN_SCORE;
}
