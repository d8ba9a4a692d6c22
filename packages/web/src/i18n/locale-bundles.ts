import { ENGLISH } from './languages';

/** Loads one strings file (a lazy chunk). */
export type StringsLoader = () => Promise<Record<string, unknown>>;
/** Loaders by locale code (the folder name under locales/). */
export type LoadersByLocale = Record<string, StringsLoader | undefined>;

export interface BundleSources {
  /** English's full set; the fallback of every other language. */
  englishAll: StringsLoader;
  /** Each other locale's strings for the signed-out pages. */
  boot: LoadersByLocale;
  /** Each other locale's full set (a superset of its boot strings). */
  all: LoadersByLocale;
}

/** Receives loaded strings: `code` is "en" for English, else the locale code. */
export type AddStrings = (code: string, strings: Record<string, unknown>) => void;

/**
 * Which strings the page needs and which have arrived. The signed-out pages need the boot strings
 * of the chosen language; the signed-in shell needs every string (`wantAll`); areas that load late
 * (the agent builder) add their own files (`addArea`). Whatever is wanted is loaded for the chosen
 * language only: other languages' files are never fetched. English is always the fallback, so a
 * language whose file is missing or fails to load shows English rather than nothing.
 */
export class LocaleBundles {
  private readonly loads = new Map<string, Promise<void>>();
  private readonly areas = new Map<string, LoadersByLocale>();
  private all = false;

  constructor(
    private readonly sources: BundleSources,
    private readonly add: AddStrings,
    private readonly warn: (message: string, error: unknown) => void = () => {},
  ) {}

  /** From now on every string is wanted: English's full set and `code`'s. Rejects only if English fails. */
  wantAll(code: string): Promise<void> {
    this.all = true;
    return Promise.all([this.once('en/all', 'en', this.sources.englishAll), this.ensure(code)]).then(
      () => {},
    );
  }

  /**
   * A late area's strings: its English file (already in the area's chunk) now, and the chosen
   * language's file from `loaders` — now and after every later language change.
   */
  addArea(
    name: string,
    english: Record<string, unknown>,
    loaders: LoadersByLocale,
    code: string,
  ): Promise<void> {
    if (!this.areas.has(name)) {
      this.areas.set(name, loaders);
      this.add('en', english);
    }
    return this.ensure(code);
  }

  /** Loads what is wanted for `code`; resolves when it has arrived or has failed (English then shows). */
  ensure(code: string): Promise<void> {
    if (code === ENGLISH) return Promise.resolve();
    const wanted: Promise<void>[] = [];
    const main = this.all ? this.sources.all[code] : this.sources.boot[code];
    if (main) wanted.push(this.once(`${code}/${this.all ? 'all' : 'boot'}`, code, main));
    for (const [name, loaders] of this.areas) {
      const loader = loaders[code];
      if (loader) wanted.push(this.once(`${code}/${name}`, code, loader));
    }
    return Promise.all(
      wanted.map((p) => p.catch((error: unknown) => this.warn(`Strings of ${code} did not load`, error))),
    ).then(() => {});
  }

  /** Each file loads once; a failed load is forgotten so the next language change retries it. */
  private once(key: string, code: string, loader: StringsLoader): Promise<void> {
    let load = this.loads.get(key);
    if (!load) {
      load = loader().then((strings) => this.add(code, strings));
      load.catch(() => this.loads.delete(key));
      this.loads.set(key, load);
    }
    return load;
  }
}
