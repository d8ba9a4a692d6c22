import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_INSTRUCTIONS_MAX,
  PROJECT_NAME_MAX,
  type Project,
} from '@parley/schema';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { inputClasses, TextField } from '../../components/ui/text-field';
import { showToast } from '../toasts';
import { useProjectMutations } from './projects-api';

/** Create a project, or change one's name, description and instructions. */
export function ProjectDialog({ project, onClose }: { project?: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useProjectMutations();
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [instructions, setInstructions] = useState(project?.instructions ?? '');
  const pending = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    const body = { name: name.trim(), description: description.trim(), instructions: instructions.trim() };
    try {
      if (project) await update.mutateAsync({ id: project.id, body });
      else await create.mutateAsync(body);
      onClose();
    } catch {
      showToast(t('projects.save_error'), 'error');
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(project ? 'projects.edit' : 'projects.new')}
      closeLabel={t('com_ui_close')}
      testId="project-dialog"
    >
      <form className="space-y-4 px-6 pt-2 pb-5" onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('projects.name')}
          value={name}
          maxLength={PROJECT_NAME_MAX}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          data-testid="project-name"
        />
        <ProjectTextArea
          id="project-description"
          label={t('projects.description')}
          value={description}
          max={PROJECT_DESCRIPTION_MAX}
          rows={2}
          onChange={setDescription}
        />
        <ProjectTextArea
          id="project-instructions"
          label={t('projects.instructions')}
          hint={t('projects.instructions_hint')}
          value={instructions}
          max={PROJECT_INSTRUCTIONS_MAX}
          rows={6}
          onChange={setInstructions}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" disabled={!name.trim()} loading={pending} data-testid="project-save">
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ProjectTextArea(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  max: number;
  rows: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block text-sm font-medium text-fg">
        {props.label}
      </label>
      {props.hint && <p className="text-xs text-fg-subtle">{props.hint}</p>}
      <textarea
        id={props.id}
        value={props.value}
        maxLength={props.max}
        rows={props.rows}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.id}
        className={`${inputClasses} resize-y border-border-strong`}
      />
    </div>
  );
}
