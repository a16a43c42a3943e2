import type { IndexHtmlTransformContext, Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * Puts the app's stylesheet into index.html as a <style> element, so the first
 * paint waits for the HTML alone and not for a second request, and the
 * scripts do not share a slow link with a render-blocking stylesheet
 * (docs/decisions/029). The .css file is then left out of the build.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'energy-tracker:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html: string, { bundle }: IndexHtmlTransformContext) {
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          delete bundle[fileName];
          // "</style" in the CSS would end the element early; CSS never needs it.
          const source =
            typeof asset.source === 'string'
              ? asset.source
              : new TextDecoder().decode(asset.source);
          const css = source.replaceAll('</style', '<\\/style');
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
