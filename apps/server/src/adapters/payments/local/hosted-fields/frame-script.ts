/**
 * The script inside the local card-fields iframe (served inline, allowed by its hash). It alone
 * reads the typed card: on a tokenize request from the app's origin it posts the fields to the
 * tokenize route with the client token's fingerprint (carried in the frame address's fragment,
 * which no server sees), and answers the app with the nonce and what it may show of the card.
 * The number and CVV never leave this frame except to the tokenize route.
 */
export const FRAME_SCRIPT = `(function () {
  'use strict';
  var appOrigin = document.body.getAttribute('data-app-origin');
  var fingerprint = decodeURIComponent(location.hash.slice(1));
  function value(id) { return document.getElementById(id).value; }
  function reply(message) { parent.postMessage(message, appOrigin); }
  function failed(id, message, processorErrors) {
    reply({ type: 'local-processor:error', id: id, message: message, processorErrors: processorErrors || [] });
  }
  // Braintree's styles option, for the properties it allows that a page may need to match its own
  // look; set through the CSSOM, which the frame's style-src hash does not cover.
  var STYLE_PROPERTIES = ['font-family', 'font-size', 'font-weight', 'color'];
  function applyStyles(styles) {
    var input = (styles && styles.input) || {};
    var targets = [document.body].concat([].slice.call(document.querySelectorAll('input, select')));
    STYLE_PROPERTIES.forEach(function (property) {
      if (typeof input[property] !== 'string') return;
      targets.forEach(function (target) { target.style.setProperty(property, input[property]); });
    });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || event.source !== parent) return;
    var data = event.data || {};
    if (data.type === 'local-processor:styles') return applyStyles(data.styles);
    if (data.type !== 'local-processor:tokenize') return;
    fetch('/local-processor/tokenize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({
        authorizationFingerprint: fingerprint,
        number: value('number'),
        expirationMonth: value('expiration-month'),
        expirationYear: value('expiration-year'),
        cvv: value('cvv'),
        postalCode: value('postal-code')
      })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) {
          reply({ type: 'local-processor:tokenized', id: data.id, nonce: body.nonce, details: body.details });
        } else {
          var error = body.error || {};
          failed(data.id, error.message || 'The card was refused.', error.processorErrors);
        }
      });
    }).catch(function () {
      failed(data.id, 'The card details could not be sent. Please try again.');
    });
  });
  // The app sizes the frame to its fields, as Braintree's frames are sized (no empty space).
  var fields = document.querySelector('main');
  function height() { return Math.ceil(fields.getBoundingClientRect().bottom) + 4; }
  new ResizeObserver(function () { reply({ type: 'local-processor:resize', height: height() }); })
    .observe(fields);
  reply({ type: 'local-processor:ready', height: height() });
})();
`;
