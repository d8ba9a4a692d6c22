/**
 * The landing greeting by hour: 0–4 late night; before 12 morning (weekend variant on
 * Saturday and Sunday); before 17 afternoon; otherwise evening.
 */
export function greetingKey(now: Date): string {
  const hour = now.getHours();
  if (hour < 5) return 'com_ui_late_night';
  if (hour < 12) {
    const day = now.getDay();
    return day === 0 || day === 6 ? 'com_ui_weekend_morning' : 'com_ui_good_morning';
  }
  if (hour < 17) return 'com_ui_good_afternoon';
  return 'com_ui_good_evening';
}

/** A custom welcome may name the user with {{user.name}}. */
export function fillWelcome(template: string, name: string): string {
  return template.replace(/\{\{\s*user\.name\s*\}\}/g, name);
}
