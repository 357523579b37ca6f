// Starts Swagger UI (vendored swagger-ui-dist) on the service's own OpenAPI document: no CDN, no
// inline script, and no call to the public validator.
window.ui = window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis, window.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});
