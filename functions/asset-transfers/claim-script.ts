/**
 * The claim page's only script, sent inline under the response's CSP nonce. It shows the "Claim into
 * your account" form and sends it to the claim route itself (`POST /api/asset-transfers/{id}/claim`)
 * with the signed-in user's access token as a bearer token, and the account header when an account
 * is named: the claim is the API's own, authorized like any call of that user. The token goes only
 * to this origin, in a header, and is never kept. After a claim refused for its state the script
 * reads the public summary and says which state that is. Without the script the page says how to
 * claim through the API.
 */
export const CLAIM_SCRIPT = `(function () {
  'use strict';
  var main = document.getElementById('transfer');
  var form = document.getElementById('claim-form');
  if (!main || !form) return;
  var data = main.dataset;
  var statuses = JSON.parse(data.statuses);
  var refusals = JSON.parse(data.refusals);
  var statusText = document.getElementById('status');
  form.hidden = false;

  function say(text) { statusText.textContent = text; }

  function closed(status) {
    main.dataset.status = status;
    ['signed-in', 'test-claim'].forEach(function (id) {
      var section = document.getElementById(id);
      if (section) section.hidden = true;
    });
  }

  function showState() {
    return fetch(data.summaryUrl, { cache: 'no-store', credentials: 'omit' })
      .then(function (r) { return r.ok ? r.json() : {}; })
      .then(function (summary) {
        var status = summary.status || 'claimed';
        say(statuses[status] || statuses.claimed);
        if (status !== 'created' && status !== 'sent') closed(status);
      });
  }

  // The test claim's form posts once: a second click while the first is on its way does nothing.
  var once = document.querySelector('form[data-once]');
  if (once) once.addEventListener('submit', function (event) {
    if (once.dataset.sent) { event.preventDefault(); return; }
    once.dataset.sent = 'true';
    once.setAttribute('aria-busy', 'true');
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    var headers = { authorization: 'Bearer ' + form.elements.token.value.trim() };
    var account = form.elements.account.value.trim();
    if (account) headers['x-account'] = account;
    fetch(data.claimUrl, { method: 'POST', headers: headers, cache: 'no-store', credentials: 'omit' })
      .then(function (r) {
        return r.json()
          .catch(function () { return {}; })
          .then(function (body) { return { status: r.status, body: body }; });
      })
      .then(function (answer) {
        if (answer.status === 200) {
          say('Claimed: it is now in your account.');
          if (answer.body.status === 'claimed') closed('claimed');
          return;
        }
        if (answer.body.message === 'ASSET_TRANSFER_INVALID_STATUS') return showState();
        var code = answer.status === 401 ? 'UNAUTHORIZED' : answer.body.message;
        say(refusals[code] || 'The claim did not go through. Try again in a moment.');
      })
      .catch(function () { say('The claim did not go through. Check your connection and try again.'); })
      .then(function () { form.removeAttribute('aria-busy'); });
  });
})();`;
