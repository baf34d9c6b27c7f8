import { AppPaths } from '@studio/contracts';
/** Sidebar items and groups of spec 1 §2, in order. */
export type NavIcon =
  | 'content'
  | 'styles'
  | 'discover'
  | 'clone'
  | 'video'
  | 'studio'
  | 'products'
  | 'style'
  | 'character'
  | 'jobs'
  | 'privacy'
  | 'terms'
  | 'help';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
  /** External link (mailto:) rather than a studio route. */
  external?: boolean;
  /** Shows the Content badge (new images). */
  badge?: boolean;
}

export interface NavGroup {
  /** Heading of the group; null for the top-level items. */
  title: string | null;
  items: NavItem[];
}

/** The sidebar's groups; an admin (with the Admin View on) also has the jobs console. */
export function navigationGroups(supportEmail: string, options: { admin?: boolean } = {}): NavGroup[] {
  return [
    {
      title: null,
      items: [
        { label: 'Content', to: AppPaths.images, icon: 'content', badge: true },
        { label: 'Styles', to: AppPaths.explore, icon: 'styles' },
        { label: 'Discover', to: AppPaths.discover, icon: 'discover' },
        { label: 'Ad Clone', to: AppPaths.adClone, icon: 'clone' },
        { label: 'Video', to: AppPaths.create, icon: 'video' },
        { label: 'Product Studio', to: AppPaths.imageEditor, icon: 'studio' },
      ],
    },
    { title: 'Brand Assets', items: [{ label: 'Products', to: AppPaths.products, icon: 'products' }] },
    {
      title: 'Train Model',
      items: [
        { label: 'Style', to: AppPaths.styleClone, icon: 'style' },
        { label: 'Character', to: AppPaths.characters, icon: 'character' },
      ],
    },
    ...(options.admin ? [{ title: 'Admin', items: [{ label: 'Jobs', to: AppPaths.adminJobs, icon: 'jobs' as const }] }] : []),
    {
      title: 'Support',
      items: [
        { label: 'Privacy Policy', to: '/privacy', icon: 'privacy' },
        { label: 'Terms of Service', to: '/terms', icon: 'terms' },
        { label: 'Help & Support', to: `mailto:${supportEmail}`, icon: 'help', external: true },
      ],
    },
  ];
}
