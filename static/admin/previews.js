/*
 * Previews of the slideshow and the service cards in the content editor.
 * Decap CMS runs its own React (19) and the site runs React 18, so the site's
 * components cannot render here; these previews build the same markup with
 * Decap's `h` and style it with the site's own stylesheets (the CSS modules'
 * sources, served under /admin/styles/ by the build).
 */
(function registerPreviews() {
  var CMS = window.CMS;
  var h = window.h;

  ["tokens.css", "slideshow.css", "service-list.css", "service-card.css"].forEach(function (file) {
    CMS.registerPreviewStyle("/admin/styles/" + file);
  });
  CMS.registerPreviewStyle("/admin/preview.css");

  var icons = {};
  fetch("/admin/icons.json")
    .then(function (response) {
      return response.json();
    })
    .then(function (paths) {
      icons = paths;
    });

  function list(entry, field) {
    var value = entry.getIn(["data", field]);
    return value && value.toArray ? value.toArray() : [];
  }

  function icon(name) {
    if (!icons[name]) return null;
    return h(
      "span",
      { className: "icon" },
      h(
        "svg",
        {
          viewBox: "0 0 24 24",
          width: 28,
          height: 28,
          fill: "none",
          stroke: "currentColor",
          strokeWidth: 1.75,
          strokeLinecap: "round",
          strokeLinejoin: "round",
          "aria-hidden": "true",
        },
        h("path", { d: icons[name] }),
      ),
    );
  }

  function SlidesPreview(props) {
    return h(
      "div",
      { className: "preview-stack" },
      list(props.entry, "slides").map(function (slide, index) {
        var image = slide.get("image") ? props.getAsset(slide.get("image")) : null;
        return h(
          "section",
          { key: index, className: "slideshow" },
          h(
            "div",
            { className: "slide" },
            h("div", { className: "picture" }, image ? h("img", { src: image.toString(), alt: "" }) : null),
          ),
          h(
            "div",
            { className: "overlay" },
            h("ul", { className: "headlines" }, h("li", { className: "headline current" }, slide.get("headline"))),
          ),
        );
      }),
    );
  }

  function ServicesPreview(props) {
    return h(
      "ul",
      { className: "list" },
      list(props.entry, "services").map(function (service, index) {
        return h(
          "li",
          { key: index },
          h(
            "article",
            { className: "card" },
            icon(service.get("icon")),
            h("h2", { className: "title" }, service.get("title")),
            (service.get("text") || "").split(/\n\s*\n/).map(function (paragraph, position) {
              return h("p", { key: position, className: "text" }, paragraph);
            }),
          ),
        );
      }),
    );
  }

  CMS.registerPreviewTemplate("slides", SlidesPreview);
  CMS.registerPreviewTemplate("services", ServicesPreview);
})();
