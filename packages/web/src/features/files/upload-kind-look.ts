import { FileSearch, FileText, ImageIcon, ScanLine, ScanText } from 'lucide-react';
import type { UploadKind } from './upload-options';

/** How each upload kind is shown, in the attach menu and the drop chooser alike. */
export const UPLOAD_KIND_ICONS = {
  image: ImageIcon,
  file: FileText,
  ocr: ScanText,
  ocr_text: ScanLine,
  file_search: FileSearch,
} as const;
export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  image: 'com_ui_upload_image',
  file: 'com_ui_upload_file',
  ocr: 'com_ui_upload_ocr_text',
  ocr_text: 'com_ui_upload_ocr_pictures',
  file_search: 'com_ui_upload_file_search',
};
