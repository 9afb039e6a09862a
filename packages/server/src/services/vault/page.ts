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
  form { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 8px 10px; padding: 8px; }
  label { display: grid; gap: 2px; font-size: 12px; font-weight: 600; }
  .wide { grid-column: 1 / -1; }
  input { font: inherit; padding: 6px 8px; border: 1px solid #8a939e; border-radius: 6px; min-width: 0; }
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
  function filled() { return fields.every(function (f) { return value(f).trim() !== ''; }); }
  fields.forEach(function (f) {
    document.getElementById(f).addEventListener('input', function () { post({ type: 'validate', valid: filled() }); });
  });
  document.getElementById('card').addEventListener('submit', function (e) { e.preventDefault(); });
  var busy = false;
  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || !event.data || event.data.type !== 'submit' || busy) return;
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
