import type { IncomingHttpHeaders } from 'node:http';
import { DataApiError } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

export type ReturnPreference = 'minimal' | 'representation' | 'headers-only';
export type CountPreference = 'exact' | 'planned' | 'estimated';

export interface Preferences {
  return: ReturnPreference | null;
  count: CountPreference | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
}

// Everything PostgREST recognises; only these count as valid under handling=strict.
const KNOWN_PREFERENCES = new Set([
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'return=minimal',
  'return=representation',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'tx=commit',
  'tx=rollback',
  'missing=default',
  'missing=null',
  'handling=strict',
  'handling=lenient',
]);

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
}

/** Prefer: the first value of each kind wins, unknown ones are ignored unless handling=strict. */
export function parsePreferences(header: string | string[] | undefined): Preferences {
  const values = headerValues(header).map((v) => v.trim());
  const pick = <T extends string>(prefix: string, allowed: readonly T[]): T | null => {
    for (const v of values) {
      if (!v.startsWith(prefix)) continue;
      const option = v.slice(prefix.length);
      if ((allowed as readonly string[]).includes(option)) return option as T;
    }
    return null;
  };
  const prefs: Preferences = {
    return: pick('return=', ['minimal', 'representation', 'headers-only'] as const),
    count: pick('count=', ['exact', 'planned', 'estimated'] as const),
    missing: pick('missing=', ['default', 'null'] as const),
    handling: pick('handling=', ['strict', 'lenient'] as const),
    resolution: pick('resolution=', ['merge-duplicates', 'ignore-duplicates'] as const),
  };
  const invalid = values.filter(
    (v) =>
      v !== '' &&
      !KNOWN_PREFERENCES.has(v) &&
      !v.startsWith('timezone=') &&
      !v.startsWith('max-affected='),
  );
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new DataApiError(
      400,
      DataErrorCode.invalidPreferences,
      'Invalid preferences given with handling=strict',
      { details: `Invalid preferences: ${invalid.join(', ')}` },
    );
  }
  return prefs;
}

/** Preference-Applied lists what was honoured, in PostgREST's order. */
export function appliedPreferences(
  prefs: Preferences,
  isMutation: boolean,
  upserted = false,
): string | undefined {
  const applied = [
    upserted && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    isMutation && prefs.missing ? `missing=${prefs.missing}` : null,
    isMutation && prefs.return ? `return=${prefs.return}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
  ].filter((v): v is string => v !== null);
  return applied.length > 0 ? applied.join(', ') : undefined;
}

export interface Media {
  shape: 'array' | 'object';
  stripNulls: boolean;
}

/** Accept negotiation: the first acceptable type by quality, as PostgREST picks it. */
export function negotiateMedia(accept: string | undefined): Media {
  if (accept === undefined || accept.trim() === '') return { shape: 'array', stripNulls: false };
  const offered = accept
    .split(',')
    .map((entry, index) => {
      const [type = '', ...params] = entry.split(';').map((p) => p.trim());
      const param = (name: string) =>
        params.find((p) => p.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const quality = Number(param('q') ?? '1');
      return {
        type: type.toLowerCase(),
        stripNulls: param('nulls') === 'stripped',
        quality: Number.isNaN(quality) ? 1 : quality,
        index,
      };
    })
    .filter((o) => o.type !== '' && o.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const o of offered) {
    if (o.type === '*/*' || o.type === 'application/json') {
      return { shape: 'array', stripNulls: false };
    }
    if (o.type === 'application/vnd.pgrst.array+json') {
      return { shape: 'array', stripNulls: o.stripNulls };
    }
    if (o.type === 'application/vnd.pgrst.object+json') {
      return { shape: 'object', stripNulls: o.stripNulls };
    }
  }
  throw new DataApiError(
    406,
    DataErrorCode.invalidMediaType,
    `None of these media types are available: ${offered.map((o) => o.type).join(', ')}`,
  );
}

export function mediaContentType(media: Media): string {
  const base =
    media.shape === 'object'
      ? 'application/vnd.pgrst.object+json'
      : media.stripNulls
        ? 'application/vnd.pgrst.array+json'
        : 'application/json';
  return `${base}${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
}

/** Accept-Profile (reads) / Content-Profile (writes) may only name the exposed schema. */
export function checkProfile(method: string, headers: IncomingHttpHeaders): void {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers[name];
  if (profile === undefined || profile === EXPOSED_SCHEMA) return;
  throw new DataApiError(406, DataErrorCode.invalidSchema, `Invalid schema: ${String(profile)}`, {
    hint: `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
  });
}
