// The Radix dropdown menu, alone in a module so it becomes its own chunk: deferred-menu.tsx loads
// it when a menu is first pointed at or opened, not with the page.
export { DropdownMenu } from 'radix-ui';
