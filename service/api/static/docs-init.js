// Starts Swagger UI on the /docs page with the service's own OpenAPI document. A file of its own,
// not an inline script, so that the page's Content-Security-Policy can allow scripts from 'self' only.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
