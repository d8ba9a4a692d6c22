/** The message box's element id: the shell's skip link leads there. */
export const MESSAGE_BOX_ID = 'message-box';
