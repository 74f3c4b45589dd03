import { InfoSection, PageHeading, StepsSection } from 'shared-ui';

export default function UrlExtractorPage() {
  return (
    <>
      <PageHeading
        title="Extract Images from URL"
        subtitle="Paste the address of any web page to see every image on it, at full size, and download them."
      />
      <StepsSection
        id="how-it-works"
        title="How It Works"
        steps={[
          { title: 'Paste a URL', text: 'Copy the address of the web page and paste it in.' },
          { title: 'Extract', text: 'The page is read and every image on it is collected, with its size and format.' },
          { title: 'Download', text: 'Open any image, download it, or download them all as a ZIP.' },
        ]}
      />
      <InfoSection
        id="key-features"
        title="Key Features"
        items={[
          {
            title: 'Every image',
            text: 'Images in the page, lazy-loaded images, srcset variants, CSS backgrounds, social preview images and inline SVG.',
          },
          { title: 'Real sizes', text: 'Width, height and format are read from the image files themselves.' },
          { title: 'All formats', text: 'PNG, JPG, WEBP and GIF, as well as SVG, AVIF and icons.' },
          { title: 'No registration', text: 'Use it right away; no account needed.' },
        ]}
      />
    </>
  );
}
