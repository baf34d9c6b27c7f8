/**
 * The longest this thread went without a turn while `work` ran (ms, measured by a 10 ms ticker):
 * what an HTTP request arriving meanwhile would have waited.
 */
export async function longestPauseDuring<T>(work: () => Promise<T>): Promise<{ result: T; longestPauseMs: number }> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    longest = Math.max(longest, performance.now() - last);
    last = performance.now();
  }, 10);
  try {
    return { result: await work(), longestPauseMs: longest };
  } finally {
    clearInterval(ticker);
  }
}
