/**
 * Answers the page's HTML asked for before the app's code had arrived (web/build/early-answers.js):
 * the stored session's check and the opening page's first reads (web/app/opening-pages.ts). The API
 * client takes each one once, for the first GET of the same address with the same token, in the first
 * seconds after the page opened; any later read asks the server again, and so does every read after
 * the app has sent a change (the answers may no longer hold).
 */
declare global {
  interface Window {
    __earlyAnswers?: { token: string; answers: Record<string, Promise<Response> | undefined> };
  }
}

/** Past this (from the page's opening), an answer asked for early is not taken: it may be out of date. */
export const EARLY_ANSWER_FRESH_MS = 10_000;

/** Drops the answers not taken yet: after a change, they may be out of date. */
export function forgetEarlyAnswers(): void {
  window.__earlyAnswers = undefined;
}

export function takeEarlyAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const early = window.__earlyAnswers;
  if (!early || !token || early.token !== token || performance.now() > EARLY_ANSWER_FRESH_MS) return undefined;
  const answer = early.answers[url];
  early.answers[url] = undefined;
  return answer;
}
