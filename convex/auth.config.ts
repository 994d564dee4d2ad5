// Convex trusts tokens issued by this deployment's own auth routes (see http.ts).
export default {
  providers: [
    {
      // Convex evaluates this file on its own when deploying; this is its documented form.
      // eslint-disable-next-line @convex-dev/no-process-env
      domain: process.env.CONVEX_SITE_URL,
      applicationID: "convex",
    },
  ],
};
