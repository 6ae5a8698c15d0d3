/** The mail tool group (mail_read + mail_write), service key `providers`. */
import { getMailMessagesTool, getMailMessageTool, getUnreadCountTool, listMailboxesTool, searchMailTool } from './mail-read-tools.js';
import { markMailFlaggedTool, markMailReadTool, moveMailMessageTool, replyToEmailTool, sendEmailTool } from './mail-write-tools.js';

export const mailTools = [
  getMailMessagesTool,
  getMailMessageTool,
  searchMailTool,
  getUnreadCountTool,
  listMailboxesTool,
  sendEmailTool,
  replyToEmailTool,
  markMailReadTool,
  markMailFlaggedTool,
  moveMailMessageTool,
] as const;
