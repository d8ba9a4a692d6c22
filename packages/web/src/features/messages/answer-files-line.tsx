import type { Message } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import { FileDownloadChip } from '../code-run';
import { answerFiles } from './answer-files';

/**
 * The files an answer's tools made (a code run's outputs), under the answer: they appear as the
 * stream announces them and stay from the saved answer. Nothing when there are none.
 */
export function AnswerFilesLine({ message }: { message: Message }) {
  const { t } = useTranslation();
  const files = answerFiles(message.attachments, message.content);
  if (files.length === 0) return null;
  return (
    <div
      className="mt-2 flex flex-wrap gap-2"
      role="group"
      aria-label={t('com_ui_answer_files')}
      data-testid="answer-files"
    >
      {files.map((file) => (
        <FileDownloadChip key={file.file_id} file={file} testId="answer-file" />
      ))}
    </div>
  );
}
