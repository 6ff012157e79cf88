import { ABOUT_MESSAGES, type AboutContent, type AboutUpdateInput } from '@darkroom/contracts';
import { sentChanges } from '../../lib/patch';
import { imageEntity } from '../image-entities';
import { aboutRepository } from './about.repository';

/** The about content: one record (a list of at most one), its info image required, its page image optional. */
export const about = imageEntity({
  repository: aboutRepository,
  cacheTag: 'about',
  images: {
    pageImageAssetId: { field: 'page_image', use: 'aboutImage', wide: true },
    infoImageAssetId: { field: 'info_image', use: 'aboutImage' },
  },
  values: (body: AboutUpdateInput) =>
    sentChanges(body, {
      header_text: 'headerText',
      info_text1: 'infoText1',
      info_text2: 'infoText2',
      seo_title: 'seoTitle',
      seo_description: 'seoDescription',
    }),
  toView: (row): Partial<AboutContent> => ({
    id: row.id,
    header_text: row.headerText,
    info_text1: row.infoText1,
    info_text2: row.infoText2,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
  }),
  single: { lockId: 727_101, exists: ABOUT_MESSAGES.alreadyExists },
});
