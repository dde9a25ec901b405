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

  // A keyed node found further on stays where it is: the unkeyed nodes
  // before it go instead (one wanted later is then drawn anew). Moving it would
  // take it out of the document for a moment, and with it the keyboard focus
  // (a board square keeps it while a line above the table comes and goes).
  function dropUpTo(parent, cur, match) {
    for (var n = cur; n !== match; n = n.nextSibling) {
      if (!n || keyOf(n) !== null) return cur; // not ahead, or a keyed node between: move it as before
    }
    while (cur !== match) {
      var after = cur.nextSibling;
      parent.removeChild(cur);
      cur = after;
    }
    return cur;
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
      if (match && match !== cur && key !== null) cur = dropUpTo(parent, cur, match);
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

  // Motion of what moved: a piece that left one square of a board (cells
  // marked data-sq) for another slides there, unless motion is reduced (the
  // system's setting or html[data-motion=reduce]). Cards that arrive play the
  // stylesheet's "arrive" animation (.fresh) by themselves.
  function motionAllowed() {
    if (document.documentElement.getAttribute("data-motion") === "reduce") return false;
    return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function boardBefore(root) {
    if (!motionAllowed()) return null;
    var cells = root.querySelectorAll("[data-sq]");
    if (!cells.length) return null;
    var seen = {};
    for (var i = 0; i < cells.length; i++) {
      seen[cells[i].getAttribute("data-sq")] = { html: cells[i].innerHTML, el: cells[i] };
    }
    return seen;
  }

  function slidePiece(root, before) {
    if (!before) return;
    var cells = root.querySelectorAll("[data-sq]");
    var arrived = [], left = {};
    for (var i = 0; i < cells.length; i++) {
      var sq = cells[i].getAttribute("data-sq"), old = before[sq];
      if (!old || old.html === cells[i].innerHTML) continue;
      if (cells[i].innerHTML) arrived.push(cells[i]);
      if (old.html) left[old.html] = (left[old.html] || []).concat([sq]);
    }
    if (arrived.length !== 1) return; // one piece moved (not a set-up or a new game)
    var to = arrived[0], from = left[to.innerHTML];
    if (!from || from.length !== 1 || !to.firstElementChild || !to.firstElementChild.animate) return;
    var fromEl = root.querySelector('[data-sq="' + from[0] + '"]');
    if (!fromEl) return;
    var a = fromEl.getBoundingClientRect(), b = to.getBoundingClientRect();
    to.firstElementChild.animate(
      [{ transform: "translate(" + (a.left - b.left) + "px," + (a.top - b.top) + "px)" }, { transform: "none" }],
      { duration: 320, easing: "ease-out" });
  }

  // A staged move's question (data-staged-ask) beside the control that staged
  // it (data-staged-control, which confirms when pressed again): above it when
  // there is room, else below, inside the window; the control is brought into
  // view first. Until placed, the stylesheet shows it at the bottom of the window.
  function placeStaged() {
    var ask = document.querySelector("[data-staged-ask]");
    var ctl = document.querySelector("[data-staged-control]");
    if (!ask || !ctl) return;
    var vh = window.innerHeight, vw = document.documentElement.clientWidth;
    var r = ctl.getBoundingClientRect();
    if (r.top < 0 || r.bottom > vh) {
      ctl.scrollIntoView({ block: "nearest" });
      r = ctl.getBoundingClientRect();
    }
    var a = ask.getBoundingClientRect(), gap = 6;
    var status = document.querySelector("[data-status]");
    var topLimit = status ? Math.max(0, status.getBoundingClientRect().bottom) : 0;
    var top = r.top - a.height - gap;
    if (top < topLimit + gap) top = r.bottom + gap;
    if (top + a.height > vh - gap) top = Math.max(gap, vh - gap - a.height);
    var leftPos = Math.min(Math.max(gap, r.left + r.width / 2 - a.width / 2), Math.max(gap, vw - gap - a.width));
    ask.style.top = top + "px";
    ask.style.left = leftPos + "px";
    ask.setAttribute("data-placed", "");
  }
  var placing = false;
  function placeSoon() {
    if (placing || !document.querySelector("[data-staged-ask]")) return;
    placing = true;
    requestAnimationFrame(function () { placing = false; placeStaged(); });
  }
  window.addEventListener("scroll", placeSoon, { passive: true });

  // A result panel counts down unless the pointer rests on it: the pointer
  // must have moved onto it (a panel that appears under a pointer that
  // clicked a card does not stop by itself). The play screen reads data-pointer.
  function panelOf(node) {
    return node && node.nodeType === 1 ? node.closest("[data-moment-panel]") : null;
  }
  document.addEventListener("pointermove", function (event) {
    var panel = panelOf(event.target);
    if (panel && !panel.hasAttribute("data-pointer")) panel.setAttribute("data-pointer", "");
  }, { passive: true });
  document.addEventListener("pointerout", function (event) {
    var panel = panelOf(event.target);
    if (panel && panelOf(event.relatedTarget) !== panel) panel.removeAttribute("data-pointer");
  }, { passive: true });
  window.addEventListener("resize", placeSoon, { passive: true });

  window.coalitionsPatch = function (root, html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    var board = boardBefore(root);
    children(root, t.content);
    applySizes(root);
    slidePiece(root, board);
    placeSoon();
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
