import type { CreateMemory } from '@parley/schema';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useHasPermission } from '../auth';
import { showToast } from '../toasts';
import { useMemories, useMemoryMutations } from './memories-api';
import { memoryErrorText } from './memory-error-text';
import { MemoryForm } from './memory-form';
import { MemoryRow } from './memory-row';
import { MemoryUsageBar } from './memory-usage-bar';

/**
 * The memory manager: the user's memories with their token usage, adding (CREATE),
 * changing and deleting (UPDATE). Reading needs READ.
 */
export function MemoryManager() {
  const { t } = useTranslation();
  const canRead = useHasPermission('MEMORIES', 'READ');
  const canCreate = useHasPermission('MEMORIES', 'CREATE');
  const canUpdate = useHasPermission('MEMORIES', 'UPDATE');
  const { data, isError } = useMemories();
  const { create, update, remove } = useMemoryMutations();
  const [adding, setAdding] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);

  if (!canRead) return <p className="py-3 text-sm text-fg-muted">{t('memories.no_read')}</p>;
  if (isError) return <p className="py-3 text-sm text-danger">{t('memories.load_error')}</p>;
  if (!data) return <Spinner />;

  const add = (memory: CreateMemory) =>
    create.mutate(memory, {
      onSuccess: () => {
        setAdding(false);
        showToast(t('memories.created'));
      },
    });
  const save = (key: string, next: CreateMemory) => {
    setEditingKey(key);
    return update
      .mutateAsync({ key, body: next.key === key ? { value: next.value } : next })
      .then(() => {
        showToast(t('memories.updated'));
        return true;
      })
      .catch(() => false);
  };
  const drop = (key: string) =>
    remove.mutate(key, {
      onSuccess: () => showToast(t('memories.deleted')),
      onError: (error) => showToast(memoryErrorText(error, t), 'error'),
    });

  return (
    <section className="space-y-3 py-3" aria-labelledby="memories-heading" data-testid="memory-manager">
      <div className="flex items-center justify-between gap-3">
        <h3 id="memories-heading" className="text-sm font-medium text-fg">
          {t('memories.title')}
        </h3>
        {canCreate && !adding && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)} data-testid="memory-add">
            <Plus className="size-4" aria-hidden />
            {t('memories.add')}
          </Button>
        )}
      </div>
      <MemoryUsageBar data={data} />
      {adding && (
        <MemoryForm
          submitLabel={t('memories.add')}
          pending={create.isPending}
          error={create.isError ? memoryErrorText(create.error, t) : null}
          onSubmit={add}
          onCancel={() => {
            create.reset();
            setAdding(false);
          }}
          testId="memory-create-form"
        />
      )}
      {data.memories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-fg-muted">
          {t('memories.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="memory-list">
          {data.memories.map((memory) => (
            <MemoryRow
              key={memory.key}
              memory={memory}
              canUpdate={canUpdate}
              saving={update.isPending && editingKey === memory.key}
              saveError={
                update.isError && editingKey === memory.key ? memoryErrorText(update.error, t) : null
              }
              onSave={(next) => save(memory.key, next)}
              onDelete={() => drop(memory.key)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
