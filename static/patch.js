// A small keyed DOM patch: make the children of `root` match `html` while
// keeping every node that did not change (so focus, scroll, text selection and
// open <details> survive a redraw, and only what is new is inserted, which is
// what the move animations in the stylesheet play on).
// Children are matched by data-key, id or data-region, else by position and tag.
(function () {
  "use strict";

  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    return node.getAttribute("data-key") || node.id || node.getAttribute("data-region") || null;
  }

  function syncAttributes(from, to) {
    var i, a;
    for (i = from.attributes.length - 1; i >= 0; i--) {
      a = from.attributes[i];
      if (!to.hasAttribute(a.name) && !(a.name === "open" && from.tagName === "DETAILS")) {
        from.removeAttribute(a.name);
      }
    }
    for (i = 0; i < to.attributes.length; i++) {
      a = to.attributes[i];
      if (a.name === "open" && from.tagName === "DETAILS") continue; // the reader's choice
      if (from.getAttribute(a.name) !== a.value) from.setAttribute(a.name, a.value);
    }
    if (from.tagName === "INPUT" || from.tagName === "TEXTAREA") {
      var value = from.tagName === "TEXTAREA" ? to.textContent : (to.getAttribute("value") || "");
      if (from.value !== value && from !== document.activeElement) from.value = value;
      if (from.type === "checkbox" || from.type === "radio") from.checked = to.hasAttribute("checked");
    }
  }

  function update(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      return;
    }
    if (from.isEqualNode(to)) return;
    syncAttributes(from, to);
    if (from.tagName === "TEXTAREA") return;
    children(from, to);
  }

  function sameKind(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
  }

  function children(parent, next) {
    var keyed = new Map();
    var node;
    for (node = parent.firstChild; node; node = node.nextSibling) {
      var k = keyOf(node);
      if (k !== null) keyed.set(k, node);
    }
    var cur = parent.firstChild;
    var incoming = Array.prototype.slice.call(next.childNodes);
    for (var i = 0; i < incoming.length; i++) {
      var want = incoming[i];
      var key = keyOf(want);
      var match = null;
      if (key !== null) {
        match = keyed.get(key) || null;
        if (match && !sameKind(match, want)) match = null;
        if (match) keyed.delete(key);
      } else if (cur && keyOf(cur) === null && sameKind(cur, want)) {
        match = cur;
      }
      if (match) {
        if (match === cur) cur = cur.nextSibling;
        else parent.insertBefore(match, cur);
        update(match, want);
      } else {
        parent.insertBefore(want, cur);
      }
    }
    while (cur) {
      node = cur.nextSibling;
      parent.removeChild(cur);
      cur = node;
    }
  }

  // A list marked data-log stays scrolled to its end while the reader leaves
  // it there. Whether it is at its end is noted when it scrolls, so that a
  // patch never has to ask the browser for a layout in the middle of a task.
  var awayFromEnd = new WeakSet();
  document.addEventListener("scroll", function (event) {
    var el = event.target;
    if (!el || el.nodeType !== 1 || !el.hasAttribute("data-log")) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) awayFromEnd.delete(el);
    else awayFromEnd.add(el);
  }, { capture: true, passive: true });

  // Sizes drawn from numbers (a bar's length) come as data-width / data-left,
  // in percent, and are set through the style object: the page's
  // Content-Security-Policy allows no style attribute written in markup.
  function applySizes(root) {
    var els = root.querySelectorAll("[data-width], [data-left]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.hasAttribute("data-width")) el.style.width = el.getAttribute("data-width") + "%";
      if (el.hasAttribute("data-left")) el.style.left = el.getAttribute("data-left") + "%";
    }
  }

  window.coalitionsPatch = function (root, html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    children(root, t.content);
    applySizes(root);
    var logs = root.querySelectorAll("[data-log]");
    if (logs.length) {
      requestAnimationFrame(function () {
        for (var i = 0; i < logs.length; i++) {
          if (!awayFromEnd.has(logs[i])) logs[i].scrollTop = logs[i].scrollHeight;
        }
      });
    }
  };
})();
