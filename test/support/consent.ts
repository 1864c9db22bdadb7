/**
 * The simulated bank's consent flow as a user's browser goes through it, over plain HTTP: open the
 * intent's authorizationUrl, post the answer's form (the page carries its token), and read where
 * the bank sends the user back (`?code=` or `?error=`).
 */
export interface ConsentAnswer {
  status: number;
  location?: string;
  code?: string;
  error?: string;
}

/** The form action of an answer on the consent page, as the page has it. */
export async function consentAction(authorizationUrl: string, answer: 'approve' | 'decline'): Promise<string> {
  const html = await (await fetch(authorizationUrl)).text();
  const action = new RegExp(`action="([^"]*/${answer}\\?token=[^"]*)"`).exec(html)?.[1];
  if (!action) throw new Error(`no ${answer} form on the consent page: ${html.slice(0, 300)}`);
  return new URL(action.replace(/&amp;/g, '&'), authorizationUrl).toString();
}

/** Answers the consent page and stops at the bank's redirect (303). */
export async function answerConsent(authorizationUrl: string, answer: 'approve' | 'decline'): Promise<ConsentAnswer> {
  const res = await fetch(await consentAction(authorizationUrl, answer), { method: 'POST', redirect: 'manual' });
  const location = res.headers.get('location') ?? undefined;
  const params = location ? new URL(location).searchParams : undefined;
  return {
    status: res.status,
    location,
    code: params?.get('code') ?? undefined,
    error: params?.get('error') ?? undefined,
  };
}

/** The one-time code a user's approval returns. */
export async function approvedCode(authorizationUrl: string): Promise<string> {
  const answer = await answerConsent(authorizationUrl, 'approve');
  if (!answer.code) throw new Error(`consent approval returned no code: ${JSON.stringify(answer)}`);
  return answer.code;
}
