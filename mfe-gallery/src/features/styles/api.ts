/** The Styles page's server call: the studio's styles and the community's. */
import { useQuery } from '@tanstack/react-query';
import { TrainingRoutes, type StyleListResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { galleryKeys } from '../../lib/query-keys.ts';

export const fetchStyles = (signal?: AbortSignal) => apiFetch<StyleListResponse>(TrainingRoutes.styles, { signal });

export const useStyles = () => useQuery({ queryKey: galleryKeys.styles(), queryFn: ({ signal }) => fetchStyles(signal) });
