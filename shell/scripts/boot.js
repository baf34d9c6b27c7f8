/* global window, document, location, addEventListener */
// The shell's first script. On `/` the landing page is already painted from
// static HTML (prerendered at build time), so the app's JavaScript comes after the page's `load`,
// or at once on the first touch, key or focus. A click on a button, or a form sent, before the app
// is ready is held and replayed once it has hydrated the page. Every other path loads the app as
// soon as the document is parsed. `__MAIN__` is the app's entry (set by prerender-landing.tsx).
(function () {
  var main = '__MAIN__';
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }
  var path = location.pathname;
  if (path !== '/' && path !== '') {
    // Not the landing page: its prerendered markup stays hidden (CSS), then goes before the app starts.
    var html = document.documentElement;
    html.setAttribute('data-elsewhere', '');
    var begin = function () {
      var root = document.getElementById('root');
      if (root) root.replaceChildren();
      html.removeAttribute('data-elsewhere');
      start();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
    else begin();
    return;
  }
  var held = (window.__studioHeld = []);
  document.addEventListener(
    'click',
    function (event) {
      if (window.__studioHydrated) return;
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      if (!button) return;
      event.preventDefault();
      held.push(function () {
        button.click();
      });
      start();
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (window.__studioHydrated) return;
      var form = event.target;
      event.preventDefault();
      held.push(function () {
        form.requestSubmit();
      });
      start();
    },
    true,
  );
  ['pointerdown', 'keydown', 'focusin', 'touchstart'].forEach(function (type) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  if (document.readyState === 'complete') setTimeout(start, 0);
  else
    addEventListener('load', function () {
      setTimeout(start, 0);
    });
})();
