import { clsx, type ClassValue } from 'clsx';

/** shadcn/ui's class helper, as artifacts import it from "@/lib/utils". */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
