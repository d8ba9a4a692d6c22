import { useCallback, useState } from 'react';
import { dropChoices, toolResourceOf, type UploadKind, type UploadToolResource } from './upload-options';
import { useUploadOffer } from './use-upload-offer';

type Add = (files: File[], options?: { toolResource?: UploadToolResource }) => unknown;

export interface UploadChooser {
  /** Files waiting for the person to say how they are added (null: the chooser is closed). */
  pending: File[] | null;
  choices: UploadKind[];
  choose: (kind: UploadKind) => void;
  cancel: () => void;
}

/**
 * Files dropped or pasted into the chat: asked about with the upload-type chooser when there is a
 * real choice (`dropChoices`), otherwise attached at once as before.
 */
export function useUploadChooser(add: Add, onAgentsEndpoint: boolean) {
  const uploadOffer = useUploadOffer();
  const [pending, setPending] = useState<{ files: File[]; choices: UploadKind[] } | null>(null);
  const offer = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const choices = dropChoices(files, uploadOffer, onAgentsEndpoint);
      if (choices.length === 0) void add(files);
      else setPending({ files, choices });
    },
    [add, uploadOffer, onAgentsEndpoint],
  );
  const chooser: UploadChooser = {
    pending: pending?.files ?? null,
    choices: pending?.choices ?? [],
    choose: (kind) => {
      if (!pending || !pending.choices.includes(kind)) return;
      setPending(null);
      void add(pending.files, toolResourceOf(kind));
    },
    cancel: () => setPending(null),
  };
  return { offer, chooser };
}
