// Coalitions' one-line include for a page that embeds walkthroughs:
//   <script src="<the site>/static/embed.js" async></script>
// It sizes every Coalitions frame on the page to its content. An embedded
// walkthrough posts {type: "coalitions:height", height} to its host whenever
// its height changes (static/boot.js); this script, loaded from the same site
// as the frames, takes those messages from that site only, and only for the
// frame that sent them.
(function () {
  "use strict";
  if (window.coalitionsEmbeds) return;
  window.coalitionsEmbeds = true;
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : null;
  var smooth = !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "coalitions:height" || typeof data.height !== "number") return;
    if (origin !== null && event.origin !== origin) return;
    var height = Math.max(100, Math.min(10000, Math.ceil(data.height)));
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (smooth) frame.style.transition = "height 0.2s ease-out";
      frame.style.height = height + "px";
    }
  });
})();
