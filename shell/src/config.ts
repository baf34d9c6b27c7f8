/** Where the footer's contact link and Help & Support point. */
export const SUPPORT_EMAIL = 'support@studio.app';
