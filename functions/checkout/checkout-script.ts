/**
 * The hosted checkout page's only script, sent inline under the response's CSP nonce. It keeps the
 * expiry countdown (on the server's clock: the page and each status answer carry the server's `now`),
 * polls the page's status route every 2 seconds while the request is `new`, shows a change in the
 * page's live region and, once `paid`, takes the shopper to the merchant's `redirectPaidUrl`. The
 * page works without it: its forms post and answer 303, and a reload shows the current state.
 */
export const CHECKOUT_SCRIPT = `(function () {
  'use strict';
  var main = document.getElementById('checkout');
  if (!main) return;
  var data = main.dataset;
  var statusText = document.getElementById('status');
  var countdown = document.getElementById('countdown');
  var expiresAt = Date.parse(data.expiresAt);
  var skew = Date.parse(data.serverNow) - Date.now();
  var status = data.status;
  var polling = false;
  var timers = [];
  var MESSAGES = {
    paid: 'Paid. Thank you.',
    cancelled: 'This payment request was cancelled.',
    expired: 'This payment request has expired.'
  };

  function twoDigits(n) { return (n < 10 ? '0' : '') + n; }

  function tick() {
    if (status !== 'new' || !countdown) return;
    var ms = expiresAt - (Date.now() + skew);
    if (ms <= 0) {
      countdown.textContent = '0:00';
      poll();
      return;
    }
    var s = Math.ceil(ms / 1000);
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    countdown.textContent = (h ? h + ':' + twoDigits(m) : String(m)) + ':' + twoDigits(s % 60);
  }

  function returnToMerchant() {
    window.setTimeout(function () { window.location.replace(data.paidUrl); }, 1500);
  }

  function show(next) {
    if (!next || next === status) return;
    status = next;
    main.dataset.status = next;
    timers.forEach(window.clearInterval);
    ['actions', 'expiry', 'scan'].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.hidden = true;
    });
    var back = document.getElementById(next === 'paid' ? 'return-paid' : 'return-closed');
    if (back) back.hidden = false;
    if (next === 'paid' && data.paidUrl) {
      statusText.textContent = 'Paid. Taking you back to ' + data.merchant + '.';
      returnToMerchant();
    } else {
      statusText.textContent = MESSAGES[next] || next;
    }
  }

  function poll() {
    if (polling || status !== 'new') return;
    polling = true;
    fetch(data.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (body) {
        if (!body) return;
        if (body.now) skew = Date.parse(body.now) - Date.now();
        show(body.status);
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { polling = false; });
  }

  // A form posts once: a second click while the first is on its way does nothing.
  Array.prototype.forEach.call(document.querySelectorAll('form[data-once]'), function (form) {
    form.addEventListener('submit', function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = 'true';
      form.setAttribute('aria-busy', 'true');
    });
  });

  if (status === 'paid' && data.paidUrl) returnToMerchant();
  if (status === 'new') {
    tick();
    timers.push(window.setInterval(tick, 1000), window.setInterval(poll, 2000));
  }
})();`;
