// The envelope of an e-card's view page (issue 45): lays the envelope from its <template> over the card,
// which is in the page already, and opens it on a click, a tap, Enter or Space (it is a real button).
// With reduced motion the envelope is skipped: the card shows at once, as it does without scripts.
// Opening sends nothing anywhere: the card was "opened" when this page was visited.
(function () {
  'use strict';

  // How long the opening takes (envelope.css): the flap, then the card rising (1.25 s), a moment to see
  // it out of its envelope, then the envelope fading.
  var OPENING_MS = 1900;
  var LEAVING_MS = 350;

  function setUp() {
    var view = document.querySelector('.card-view');
    var template = document.getElementById('envelope-template');
    if (!view || !template || !('content' in template)) return;
    var reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      view.classList.add('envelope-settled');
      return;
    }
    var stage = template.content.firstElementChild.cloneNode(true);
    var head = view.querySelector('.page-head');
    view.insertBefore(stage, head ? head.nextSibling : view.firstChild);
    view.classList.add('is-enveloped', 'envelope-settled');
    var button = stage.querySelector('.envelope');
    var book = view.querySelector('.card-book');
    var opening = false;

    function arrive() {
      stage.remove();
      view.classList.remove('is-enveloped');
      view.classList.add('envelope-opened');
      // Focus follows to the card, so a keyboard or screen-reader user lands where the envelope was.
      if (book) {
        if (!book.hasAttribute('tabindex')) book.setAttribute('tabindex', '-1');
        book.focus({ preventScroll: true });
      }
    }

    button.addEventListener('click', function () {
      if (opening) return;
      opening = true;
      button.setAttribute('aria-disabled', 'true');
      stage.classList.add('is-opening');
      window.setTimeout(function () {
        stage.classList.add('is-leaving');
        window.setTimeout(arrive, LEAVING_MS);
      }, OPENING_MS);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setUp);
  else setUp();
})();
