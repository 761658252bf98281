/**
 * `/local-processor/hosted-fields.js`: the app page's side of the local card fields, the subset of
 * `braintree-web`'s hostedFields the web app uses, so it can pick this or `braintree-web` by the
 * client token's `environment`:
 *
 *   const fields = await window.localProcessor.hostedFields.create({ authorization, container });
 *   const { nonce, details } = await fields.tokenize();   // details: { cardType, lastFour }
 *   await fields.teardown();
 *
 * A refused card rejects `tokenize` with an Error whose `code` is Braintree's
 * 'HOSTED_FIELDS_FAILED_TOKENIZATION' and whose `details.processorErrors` the payment error filter
 * reads. The page never sees the card: only the nonce comes back, by postMessage from the frame's
 * origin, which is checked.
 */
export const CLIENT_SCRIPT = `(function () {
  'use strict';
  function create(options) {
    var token = JSON.parse(atob(options.authorization));
    if (token.environment !== 'local') return Promise.reject(new Error('Not a local processor client token.'));
    var container = typeof options.container === 'string' ? document.querySelector(options.container) : options.container;
    if (!container) return Promise.reject(new Error('No container for the card fields.'));
    var frameOrigin = new URL(token.hostedFieldsUrl).origin;
    var iframe = document.createElement('iframe');
    iframe.src = token.hostedFieldsUrl + '#' + encodeURIComponent(token.authorizationFingerprint);
    iframe.title = 'Card details';
    iframe.style.border = '0';
    iframe.style.width = '100%';
    iframe.style.height = '220px';
    var pending = {};
    var next = 0;
    var ready;
    var isReady = new Promise(function (resolve) { ready = resolve; });
    function onMessage(event) {
      if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return;
      var data = event.data || {};
      if (typeof data.height === 'number' && data.height > 0) iframe.style.height = Math.ceil(data.height) + 'px';
      if (data.type === 'local-processor:ready') {
        // Braintree's styles option: the frame's fields take the page's font (issue #24 item 18).
        if (options.styles) iframe.contentWindow.postMessage({ type: 'local-processor:styles', styles: options.styles }, frameOrigin);
        return ready();
      }
      if (data.type === 'local-processor:resize') return;
      var waiting = pending[data.id];
      if (!waiting) return;
      delete pending[data.id];
      if (data.type === 'local-processor:tokenized') {
        waiting.resolve({ nonce: data.nonce, details: data.details, type: 'CreditCard' });
      } else {
        var error = new Error(data.message);
        error.code = 'HOSTED_FIELDS_FAILED_TOKENIZATION';
        error.details = { processorErrors: data.processorErrors || [] };
        waiting.reject(error);
      }
    }
    window.addEventListener('message', onMessage);
    container.appendChild(iframe);
    var instance = {
      tokenize: function () {
        return new Promise(function (resolve, reject) {
          next += 1;
          pending[next] = { resolve: resolve, reject: reject };
          iframe.contentWindow.postMessage({ type: 'local-processor:tokenize', id: next }, frameOrigin);
        });
      },
      teardown: function () {
        window.removeEventListener('message', onMessage);
        iframe.remove();
        return Promise.resolve();
      }
    };
    return isReady.then(function () { return instance; });
  }
  window.localProcessor = { hostedFields: { create: create } };
})();
`;
