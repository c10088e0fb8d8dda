// Storefront behaviour that needs JavaScript (everything else works with plain forms and links).
// Loaded as a file: the Content Security Policy allows no inline scripts.
(function () {
  'use strict';

  // Toasts close on their button, or by themselves after a while (errors stay until dismissed).
  function arm(container) {
    // Country and time-zone pickers: their search boxes work only with scripts, so they show only then.
    container.querySelectorAll('input[data-search-for][hidden]').forEach(function (box) {
      box.hidden = false;
    });
    // A date field's hint names its parts in the order the browser's own date field shows them.
    var order = browserDateOrder();
    if (order)
      container.querySelectorAll('[data-date-hint]').forEach(function (hint) {
        hint.textContent =
          '(' +
          order
            .map(function (part) {
              return hint.dataset[part];
            })
            .join(', ') +
          ')';
      });
    container.querySelectorAll('.toast').forEach(function (toast) {
      if (toast.dataset.armed) return;
      toast.dataset.armed = '1';
      var close = toast.querySelector('.toast-close');
      if (close)
        close.addEventListener('click', function () {
          toast.remove();
        });
      if (!toast.classList.contains('toast-error'))
        setTimeout(function () {
          toast.remove();
        }, 6000);
    });
  }

  // Chromium and Firefox lay out <input type="date"> in the browser's language (month first in
  // American English), whatever the page's language; navigator.language is that language.
  function browserDateOrder() {
    try {
      return new Intl.DateTimeFormat(navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
        .formatToParts(new Date(2000, 10, 22))
        .map(function (part) {
          return part.type;
        })
        .filter(function (type) {
          return type === 'day' || type === 'month' || type === 'year';
        });
    } catch {
      return null;
    }
  }

  // The phone menu: the Menu button opens and closes the main navigation (aria-expanded tells screen
  // readers); Escape or a click elsewhere closes it, and focus goes back to the button after Escape.
  function setUpMenu() {
    var toggle = document.getElementById('menu-toggle');
    var nav = document.getElementById('main-nav');
    if (!toggle || !nav) return;
    toggle.hidden = false;
    document.body.classList.add('has-menu');
    function setOpen(open, focusTarget) {
      toggle.setAttribute('aria-expanded', String(open));
      nav.classList.toggle('is-open', open);
      if (focusTarget) focusTarget.focus();
    }
    toggle.addEventListener('click', function () {
      var open = toggle.getAttribute('aria-expanded') !== 'true';
      setOpen(open, open ? nav.querySelector('a, button') : null);
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') setOpen(false, toggle);
    });
    document.addEventListener('click', function (event) {
      if (toggle.getAttribute('aria-expanded') !== 'true') return;
      if (nav.contains(event.target) || toggle.contains(event.target)) return;
      setOpen(false, null);
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    arm(document);
    setUpMenu();
  });

  document.addEventListener('htmx:afterSettle', function (event) {
    arm(document);
    // After a panel swap, move focus to its first error, if any, so keyboard and screen-reader users
    // land where they need to act.
    var target = event.detail && event.detail.target;
    if (!target || !target.querySelector) return;
    var invalid = target.querySelector('[aria-invalid="true"]');
    if (invalid) invalid.focus();
  });

  // A picker's search box: typing a name (or choosing one the list suggests) selects the first option
  // that matches it, exactly, then by its start, then anywhere in it.
  document.addEventListener('input', function (event) {
    var box = event.target;
    if (!box || !box.getAttribute || !box.getAttribute('data-search-for')) return;
    var select = document.getElementById(box.getAttribute('data-search-for'));
    var wanted = box.value.trim().toLowerCase();
    if (!select || !wanted) return;
    var options = Array.prototype.slice.call(select.options);
    var text = function (o) {
      return o.text.toLowerCase();
    };
    var match =
      options.find(function (o) {
        return text(o) === wanted;
      }) ||
      options.find(function (o) {
        return text(o).indexOf(wanted) === 0;
      }) ||
      options.find(function (o) {
        return o.value && text(o).indexOf(wanted) >= 0;
      });
    if (match) select.value = match.value;
  });

  // "Copy link" buttons (group cards): copy the named field, and say so for screen readers too.
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest && event.target.closest('[data-copy-from]');
    if (!button) return;
    var field = document.getElementById(button.getAttribute('data-copy-from'));
    if (!field) return;
    field.select();
    var done = function () {
      button.textContent = 'Copied';
      button.setAttribute('aria-live', 'polite');
    };
    if (navigator.clipboard && navigator.clipboard.writeText)
      navigator.clipboard.writeText(field.value).then(done, done);
    else {
      document.execCommand('copy');
      done();
    }
  });

  // "Share link" buttons (address links): the device's share sheet where there is one, else a copy.
  // Hidden without JavaScript (they would do nothing); shown again after every htmx swap.
  function showShareButtons(root) {
    (root || document).querySelectorAll('[data-share-from][hidden]').forEach(function (b) {
      b.hidden = false;
    });
  }
  showShareButtons();
  document.body.addEventListener('htmx:afterSwap', function (event) {
    showShareButtons(event.target);
  });
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest && event.target.closest('[data-share-from]');
    if (!button) return;
    var field = document.getElementById(button.getAttribute('data-share-from'));
    if (!field) return;
    var done = function () {
      button.textContent = 'Copied';
      button.setAttribute('aria-live', 'polite');
    };
    if (navigator.share) {
      navigator
        .share({ title: button.getAttribute('data-share-title') || document.title, url: field.value })
        .catch(function () {});
      return;
    }
    field.select();
    if (navigator.clipboard && navigator.clipboard.writeText)
      navigator.clipboard.writeText(field.value).then(done, done);
    else {
      document.execCommand('copy');
      done();
    }
  });

  // A failed request that htmx does not swap (network error, 5xx) still gets feedback.
  function failure(text) {
    var box = document.getElementById('toasts');
    if (!box) return;
    var toast = document.createElement('div');
    toast.className = 'toast toast-error';
    toast.setAttribute('role', 'alert');
    var span = document.createElement('span');
    span.textContent = text;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'toast-close';
    button.setAttribute('aria-label', 'Dismiss');
    button.textContent = '×';
    toast.appendChild(span);
    toast.appendChild(button);
    box.appendChild(toast);
    arm(box);
  }
  document.addEventListener('htmx:responseError', function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status === 403) failure('Your session has changed. Please reload the page and try again.');
    else if (xhr && xhr.status === 429) failure('Too many requests. Please wait a minute and try again.');
    else failure('Something went wrong. Please try again.');
  });
  document.addEventListener('htmx:sendError', function () {
    failure('We could not reach the shop. Check your connection and try again.');
  });
})();
