import { consentMessageHtml, consentPageHtml } from '../../functions/bank-account-approvals/consent-page';

const NONCE = 'bm9uY2Vub25jZQ==';
const actions = { approve: '/bank-consent/i1/approve?token=a&b', decline: '/bank-consent/i1/decline?token=d' };

describe('the simulated bank’s consent page', () => {
  it(
    'says what an enduring payment consent asks: the bank account, the limit in dollars per period, the name, ' +
      'escaped',
    () => {
      const html = consentPageHtml({
        intent: {
          type: 'enduring-payment-consent',
          name: '<script>alert(1)</script>',
          period: 'fortnightly',
          totalAmount: '5',
        },
        bankAccountNumber: '12-3456-1234567-001',
        nonce: NONCE,
        actions,
      });
      expect(html).toContain(
        'make payments from bank account <strong class="code">12-3456-1234567-001</strong>, up to ' +
          '<strong>NZ$0.05</strong> each fortnight',
      );
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script');
      expect(html).toContain('action="/bank-consent/i1/approve?token=a&amp;b"');
    },
  );

  it('runs no script, styles only under the nonce, and has no inline handlers or style attributes', () => {
    const html = consentPageHtml({ intent: { type: 'account-information-consent' }, nonce: NONCE, actions });
    expect(html).toContain(`<style nonce="${NONCE}">`);
    expect(html).not.toMatch(/<script|\son[a-z]+=|style="/);
    expect(html).toContain('read the details of a bank account you choose to share');
    for (const landmark of ['<header', '<main', '<footer']) expect(html).toContain(landmark);
    expect(html.match(/<button type="submit"/g)).toHaveLength(2);
  });

  it('shows a returned code escaped, in a status message', () => {
    const html = consentMessageHtml({
      title: 'Consent given',
      message: 'Return to the app.',
      nonce: NONCE,
      code: '"><img src=x>',
    });
    expect(html).toContain('<code id="authorization-code">&quot;&gt;&lt;img src=x&gt;</code>');
    expect(html).toContain('<p role="status">Return to the app.</p>');
  });
});
