// Live pages: when the site was published with --watch and is served over http(s), poll
// version.json and reload when the standings changed. Nothing else needs scripting.
(function () {
  var body = document.body;
  var url = body.getAttribute("data-live");
  if (!url || !/^https?:$/.test(location.protocol)) return;
  var seen = body.getAttribute("data-version");
  function poll() {
    fetch(url, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (v) { if (v && v.version !== seen) location.reload(); })
      .catch(function () {})
      .then(function () { setTimeout(poll, 3000); });
  }
  setTimeout(poll, 3000);
})();
