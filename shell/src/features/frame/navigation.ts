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
        { label: 'Content', to: '/app/images', icon: 'content', badge: true },
        { label: 'Styles', to: '/app/explore', icon: 'styles' },
        { label: 'Discover', to: '/app/discover', icon: 'discover' },
        { label: 'Ad Clone', to: '/app/ad-clone', icon: 'clone' },
        { label: 'Video', to: '/app/create', icon: 'video' },
        { label: 'Product Studio', to: '/app/image-editor', icon: 'studio' },
      ],
    },
    { title: 'Brand Assets', items: [{ label: 'Products', to: '/app/products', icon: 'products' }] },
    {
      title: 'Train Model',
      items: [
        { label: 'Style', to: '/app/style-clone', icon: 'style' },
        { label: 'Character', to: '/app/characters', icon: 'character' },
      ],
    },
    ...(options.admin ? [{ title: 'Admin', items: [{ label: 'Jobs', to: '/app/admin/jobs', icon: 'jobs' as const }] }] : []),
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
