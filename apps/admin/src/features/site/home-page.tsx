import { Box, Stack } from '@mui/material';
import { PageHeader } from '../../components/page-header';
import { HOME_PAGE_ID, useCarousel, useHomeGallery, usePageImages } from './api';
import { CarouselPreview, GalleryPreview, HomeSection, SiteImage } from './home-sections';

/** "3 published · 1 hidden": what the site shows, and what it leaves out. */
function summary(published: number, total: number, noun: string): string {
  const hidden = total - published;
  return `${published} ${noun}${published === 1 ? '' : 's'} published${hidden ? ` · ${hidden} unpublished` : ''}`;
}

/**
 * /Home: the home page as the public site will show it (published content only): its page
 * image, the carousel and the home gallery, each with a link to the screen that manages it.
 */
export default function HomePage() {
  const pageImages = usePageImages();
  const carousel = useCarousel();
  const gallery = useHomeGallery();

  const homeImages = (pageImages.data ?? []).filter((p) => p.page === HOME_PAGE_ID);
  // Should several be published, the newest is the one the site shows.
  const hero = homeImages.filter((p) => p.status).sort((a, b) => b.id - a.id)[0];
  const slides = (carousel.data ?? []).filter((c) => c.status);
  const pictures = (gallery.data ?? []).filter((g) => g.status);

  return (
    <>
      <PageHeader title="Home" subtitle="The home page as visitors see it. Only published content is shown here." />
      <Stack spacing={3}>
        <HomeSection
          id="home-page-image"
          title="Page image"
          summary={pageImages.data ? summary(homeImages.filter((p) => p.status).length, homeImages.length, 'image') : undefined}
          manageTo="/manage-page-images"
          manageLabel="Manage page images"
          loading={pageImages.isLoading}
          error={pageImages.error}
          empty={!hero}
          emptyText="No published home page image. Upload one for the Home page and publish it."
        >
          {hero && (
            <Box sx={{ position: 'relative', aspectRatio: '16 / 7', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.900' }}>
              <SiteImage src={hero.image} view={hero.image_view} alt="Home page image" sizes="(min-width: 1200px) 1100px, 100vw" />
            </Box>
          )}
        </HomeSection>

        <HomeSection
          id="home-carousel"
          title="Carousel"
          summary={carousel.data ? summary(slides.length, carousel.data.length, 'slide') : undefined}
          manageTo="/manage-carousel-images"
          manageLabel="Manage carousel"
          loading={carousel.isLoading}
          error={carousel.error}
          empty={!slides.length}
          emptyText="No published carousel slides."
        >
          {slides.length > 0 && <CarouselPreview slides={slides} />}
        </HomeSection>

        <HomeSection
          id="home-gallery"
          title="Gallery"
          summary={gallery.data ? summary(pictures.length, gallery.data.length, 'image') : undefined}
          manageTo="/manage-home-gallery"
          manageLabel="Manage home gallery"
          loading={gallery.isLoading}
          error={gallery.error}
          empty={!pictures.length}
          emptyText="No published home gallery images."
        >
          <GalleryPreview items={pictures} />
        </HomeSection>
      </Stack>
    </>
  );
}
