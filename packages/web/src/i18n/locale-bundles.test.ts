import { describe, expect, it, vi } from 'vitest';
import { ENGLISH } from './languages';
import { LocaleBundles, type StringsLoader } from './locale-bundles';

function loader(strings: Record<string, unknown>) {
  return vi.fn<StringsLoader>(() => Promise.resolve(strings));
}

function setup() {
  const englishAll = loader({ com_ui_save: 'Save' });
  const boot = {
    'de-DE': loader({ com_auth_login: 'Anmelden' }),
    'fr-FR': loader({ com_auth_login: 'Connexion' }),
  };
  const all = {
    'de-DE': loader({ com_ui_save: 'Speichern' }),
    'fr-FR': loader({ com_ui_save: 'Enregistrer' }),
  };
  const added: [string, Record<string, unknown>][] = [];
  const bundles = new LocaleBundles({ englishAll, boot, all }, (code, strings) =>
    added.push([code, strings]),
  );
  return { bundles, englishAll, boot, all, added };
}

describe('LocaleBundles', () => {
  it('loads only the chosen language boot strings before sign-in', async () => {
    const { bundles, boot, all, englishAll, added } = setup();
    await bundles.ensure('de-DE');
    expect(boot['de-DE']).toHaveBeenCalledOnce();
    expect(boot['fr-FR']).not.toHaveBeenCalled();
    expect(all['de-DE']).not.toHaveBeenCalled();
    expect(englishAll).not.toHaveBeenCalled();
    expect(added).toEqual([['de-DE', { com_auth_login: 'Anmelden' }]]);
  });

  it('English needs no file beyond its own', async () => {
    const { bundles, boot, englishAll } = setup();
    await bundles.ensure(ENGLISH);
    expect(boot['de-DE']).not.toHaveBeenCalled();
    expect(englishAll).not.toHaveBeenCalled();
  });

  it('loads the full sets of English and the chosen language once the shell wants them, each once', async () => {
    const { bundles, all, englishAll } = setup();
    await bundles.wantAll('de-DE');
    await bundles.wantAll('de-DE');
    await bundles.ensure('fr-FR');
    expect(englishAll).toHaveBeenCalledOnce();
    expect(all['de-DE']).toHaveBeenCalledOnce();
    expect(all['fr-FR']).toHaveBeenCalledOnce();
  });

  it('adds a late area in English at once and in the chosen language, and after a change', async () => {
    const { bundles, added } = setup();
    const area = {
      'de-DE': loader({ agents: { name: 'Name' } }),
      'fr-FR': loader({ agents: { name: 'Nom' } }),
    };
    await bundles.addArea('agent-builder', { agents: { name: 'Name' } }, area, 'de-DE');
    await bundles.addArea('agent-builder', { agents: { name: 'Name' } }, area, 'de-DE');
    expect(added.filter(([code]) => code === 'en')).toHaveLength(1);
    expect(area['de-DE']).toHaveBeenCalledOnce();
    expect(area['fr-FR']).not.toHaveBeenCalled();
    await bundles.ensure('fr-FR');
    expect(area['fr-FR']).toHaveBeenCalledOnce();
  });

  it('falls back to English when a language fails to load, and retries it next time', async () => {
    const warn = vi.fn();
    const broken = vi
      .fn<StringsLoader>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ a: 'b' });
    const bundles = new LocaleBundles(
      { englishAll: loader({}), boot: { 'de-DE': broken }, all: {} },
      () => {},
      warn,
    );
    await expect(bundles.ensure('de-DE')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    await bundles.ensure('de-DE');
    expect(broken).toHaveBeenCalledTimes(2);
  });

  it('rejects the shell when English itself does not load', async () => {
    const bundles = new LocaleBundles(
      { englishAll: () => Promise.reject(new Error('offline')), boot: {}, all: {} },
      () => {},
    );
    await expect(bundles.wantAll(ENGLISH)).rejects.toThrow('offline');
  });
});
