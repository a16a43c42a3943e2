import type { Plugin } from 'vite';

// The link and the comment right above it, which explains it.
const CONFIG_PRELOAD =
  /\s*(?:<!--(?:(?!-->)[^])*-->\s*)?<link rel="preload" href="\/config\.json"[^>]*>/;

/**
 * index.html asks for /config.json beside the scripts (docs/decisions/029). A
 * build given the backend in VITE_ variables never fetches it, so its
 * index.html must not ask either: this takes the preload out of such a build.
 */
export function configPreloadOnlyWhenFetched(): Plugin {
  let configuredAtBuild = false;
  return {
    name: 'energy-tracker:config-preload',
    configResolved({ env }) {
      configuredAtBuild = Boolean(env['VITE_SUPABASE_URL'] && env['VITE_SUPABASE_ANON_KEY']);
    },
    transformIndexHtml(html: string) {
      return configuredAtBuild ? html.replace(CONFIG_PRELOAD, '') : html;
    },
  };
}
