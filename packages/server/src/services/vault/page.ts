import { escapeHtml } from '../mail.js';

/**
 * The card form shown in the checkout's 400×220 frame (document 1 §4). It talks to the page that embeds it
 * with postMessage, to that page's origin only: `{type:'ready'}` once shown; `{type:'validate', valid}` as
 * the fields change; on the parent's `{type:'submit'}` it sends the card to its own origin and answers
 * `{card:{token, brand, last4, expiry}}` or `{error}`. The number never leaves this origin except to the
 * vault's own endpoint.
 */
export function cardFormPage(parentOrigin: string, nonce: string): string {
  const parent = JSON.stringify(parentOrigin).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style nonce="${escapeHtml(nonce)}">
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1b1f24; background: #fff; }
  /* Three rows in the 400 x 220 frame (document 1 §4), on a phone too: two columns. */
  form { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 10px; padding: 4px 6px; }
  label { display: grid; grid-template-rows: auto auto auto; align-content: start; gap: 1px; font-size: 12px; font-weight: 600; }
  .wide { grid-column: 1 / -1; }
  input { font: inherit; padding: 5px 8px; border: 1px solid #8a939e; border-radius: 6px; min-width: 0; }
  input:focus { outline: 2px solid #1f5fbf; outline-offset: 1px; }
  input[aria-invalid="true"] { border-color: #b3261e; }
  .error { color: #b3261e; font-size: 12px; font-weight: 400; min-height: 1em; }
</style>
</head>
<body>
<form id="card" novalidate>
  <label class="wide">Name on the card<input id="holder" name="holder" autocomplete="cc-name" aria-describedby="holder-error"><span class="error" id="holder-error" role="alert"></span></label>
  <label class="wide">Card number<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" aria-describedby="number-error"><span class="error" id="number-error" role="alert"></span></label>
  <label>Expiry (MM/YY)<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" aria-describedby="expiry-error"><span class="error" id="expiry-error" role="alert"></span></label>
  <label>Security code<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" aria-describedby="cvc-error"><span class="error" id="cvc-error" role="alert"></span></label>
</form>
<script nonce="${escapeHtml(nonce)}">
(function () {
  var parentOrigin = ${parent};
  var fields = ['holder', 'number', 'expiry', 'cvc'];
  function post(message) { window.parent.postMessage(message, parentOrigin); }
  function value(id) { return document.getElementById(id).value; }
  function show(errors) {
    fields.forEach(function (f) {
      var input = document.getElementById(f);
      var text = errors[f] || '';
      document.getElementById(f + '-error').textContent = text;
      input.setAttribute('aria-invalid', text ? 'true' : 'false');
    });
  }
  function digits() { return value('number').replace(/[\\s-]/g, ''); }
  function luhn(d) {
    if (!/^\\d{12,19}$/.test(d)) return false;
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = Number(d.charAt(d.length - 1 - i));
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  }
  // The same checks as the vault's own (card.ts): it checks again when the card is sent.
  function errorsOf() {
    var errors = {};
    if (value('holder').trim().length < 2) errors.holder = 'Enter the name on the card';
    if (!luhn(digits())) errors.number = 'Check the card number';
    var m = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(value('expiry'));
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = 'Use MM/YY';
    else {
      var year = Number(m[2]) < 100 ? 2000 + Number(m[2]) : Number(m[2]);
      var now = new Date();
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(m[1]) < now.getUTCMonth() + 1))
        errors.expiry = 'The card has expired';
    }
    var cvcLength = /^3[47]/.test(digits()) ? 4 : 3;
    if (!new RegExp('^\\\\d{' + cvcLength + '}$').test(value('cvc')))
      errors.cvc = 'Enter the ' + cvcLength + '-digit security code';
    return errors;
  }
  var touched = {};
  function showTouched(errors) {
    var visible = {};
    fields.forEach(function (f) { if (touched[f]) visible[f] = errors[f]; });
    show(visible);
  }
  fields.forEach(function (f) {
    var input = document.getElementById(f);
    input.addEventListener('input', function () {
      var errors = errorsOf();
      if (touched[f]) showTouched(errors);
      post({ type: 'validate', valid: Object.keys(errors).length === 0 });
    });
    input.addEventListener('blur', function () {
      if (input.value.trim() === '') return;
      touched[f] = true;
      showTouched(errorsOf());
    });
  });
  document.getElementById('card').addEventListener('submit', function (e) { e.preventDefault(); });
  var busy = false;
  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || !event.data || event.data.type !== 'submit' || busy) return;
    var errors = errorsOf();
    if (Object.keys(errors).length > 0) {
      fields.forEach(function (f) { touched[f] = true; });
      show(errors);
      var first = fields.filter(function (f) { return errors[f]; })[0];
      document.getElementById(first).focus();
      post({ error: 'Check the card details' });
      return;
    }
    busy = true;
    var expiry = value('expiry').split('/');
    fetch('tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        holder: value('holder'), number: value('number'), cvc: value('cvc'),
        expMonth: Number(expiry[0]), expYear: Number(expiry[1])
      })
    }).then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (reply) {
        busy = false;
        if (reply.ok) { show({}); post({ card: reply.body }); }
        else { show(reply.body.fields || {}); post({ error: reply.body.message || 'Check the card details' }); }
      })
      .catch(function () { busy = false; post({ error: 'The card could not be checked: try again' }); });
  });
  post({ type: 'ready' });
})();
</script>
</body>
</html>`;
}
