import { Suspense } from 'react';
import { AreaError } from './area-error';
import { lazyArea } from './lazy-area';

// The QR encoder is only needed once someone opens a share link or two-factor setup, so it is
// fetched then rather than with the chat's first load (it would add ~8 kB gzip to every page).
const QRCodeSVG = lazyArea<{ value: string; size: number; marginSize: number; title?: string }>(
  () => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })),
  (retry) => <AreaError onRetry={retry} />,
).Area;

interface QrCodeProps {
  value: string;
  size: number;
  marginSize: number;
  title?: string;
}

/** A QR code of `value` as SVG; while the encoder loads, an empty square of the same size. */
export function QrCodeImage({ value, size, marginSize, title }: QrCodeProps) {
  return (
    <Suspense fallback={<div style={{ width: size, height: size }} aria-hidden="true" />}>
      <QRCodeSVG value={value} size={size} marginSize={marginSize} title={title} />
    </Suspense>
  );
}
