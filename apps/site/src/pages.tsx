import {
  ENQUIRY_EXTRA_FIELDS,
  ENQUIRY_HONEYPOT_FIELD,
  ENQUIRY_LIMITS,
  type EnquiryExtraField,
  type EnquiryFieldMode,
  type SiteContact,
} from '@darkroom/contracts';
import { GALLERY_SIZES, Gallery, Hero, Img, Paragraphs, largest, ratioStyle } from './components';
import {
  sitePaths,
  type EnquiryFormField,
  type EnquiryFormState,
  type GalleryLinksFormState,
  type PageModel,
  type PublicSettings,
} from './model';

type Of<K extends PageModel['kind']> = Extract<PageModel, { kind: K }>;

/** A card's width: a phone's full width less the page's side padding (`.wrap`, 1.25rem each side). */
const CARD_SIZES = '(min-width: 1100px) 340px, (min-width: 700px) 45vw, calc(100vw - 2.5rem)';

function ServiceCards({ services, headingLevel = 2 }: { services: Of<'services'>['services']; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards">
      {services.map((s) => (
        <li key={s.id} className="card">
          <a href={sitePaths.service(s.slug)}>
            <Img image={s.cover} alt="" sizes={CARD_SIZES} />
            <H>{s.name}</H>
          </a>
          <p>{s.description}</p>
        </li>
      ))}
    </ul>
  );
}

function StoryCards({
  stories,
  headingLevel = 2,
  lead = false,
}: {
  stories: Of<'love-stories'>['stories'];
  headingLevel?: 2 | 3;
  /** No hero above: the first card's photo is the page's main image. */
  lead?: boolean;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards">
      {stories.map((s, i) => (
        <li key={s.id} className="card">
          <a href={sitePaths.loveStory(s.slug)}>
            <Img image={s.cover} alt="" sizes={CARD_SIZES} priority={lead && i === 0} low={lead && i > 0} />
            <H>{s.title}</H>
          </a>
          <p>{s.description1}</p>
        </li>
      ))}
    </ul>
  );
}

export function HomePage({ page, studio, tagline }: { page: Of<'home'>; studio: string; tagline: string }) {
  const [first, ...slides] = page.carousel;
  const heroImage = page.hero ?? first?.image ?? null;
  return (
    <>
      <Hero image={heroImage} title={studio} home>
        <p className="lead">{first && !page.hero ? `${first.title}: ${first.message}` : tagline}</p>
        <p>
          <a className="button" href={sitePaths.contact}>
            Get in touch
          </a>
        </p>
      </Hero>
      <div className="wrap">
        {(page.hero ? page.carousel : slides).length > 0 && (
          <section aria-labelledby="moments">
            <h2 id="moments">Moments</h2>
            <ul className="slides" id="moments-list" tabIndex={0} aria-label="Moments: scroll sideways for more" data-slides>
              {(page.hero ? page.carousel : slides).map((c) => (
                <li key={c.id}>
                  <Img image={c.image} alt={c.title} sizes="(min-width: 900px) 60vw, 90vw" />
                  <p>
                    <strong>{c.header}</strong> {c.title}: {c.message}
                  </p>
                </li>
              ))}
            </ul>
            <div className="slides-nav" data-slides-nav hidden>
              <button type="button" className="slides-arrow" aria-label="Previous moments" aria-controls="moments-list" data-slides-prev>
                ‹
              </button>
              <button type="button" className="slides-arrow" aria-label="Next moments" aria-controls="moments-list" data-slides-next>
                ›
              </button>
            </div>
          </section>
        )}
        {page.services.length > 0 && (
          <section aria-labelledby="services">
            <h2 id="services">Services</h2>
            <ServiceCards services={page.services.slice(0, 3)} headingLevel={3} />
            <p>
              <a href={sitePaths.services}>All services</a>
            </p>
          </section>
        )}
        {page.homeGallery.length > 0 && (
          <section aria-labelledby="gallery">
            <h2 id="gallery">Gallery</h2>
            <ul className="gallery" data-gallery>
              {page.homeGallery.map((g, i) => (
                <li key={g.id} id={`photo-${g.id}`} style={ratioStyle(g.image)}>
                  <a href={largest(g.image)} data-lightbox data-photo={g.id} data-srcset={g.image.srcset}>
                    <Img image={g.image} alt={g.name || `Gallery photo ${i + 1}`} sizes={GALLERY_SIZES} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {page.stories.length > 0 && (
          <section aria-labelledby="stories">
            <h2 id="stories">Love stories</h2>
            <StoryCards stories={page.stories.slice(0, 3)} headingLevel={3} />
            <p>
              <a href={sitePaths.loveStories}>All love stories</a>
            </p>
          </section>
        )}
      </div>
    </>
  );
}

export function ServicesPage({ page }: { page: Of<'services'> }) {
  return (
    <>
      <Hero image={page.hero ?? page.servicePage?.image ?? null} title={page.servicePage?.name || 'Services'}>
        {page.servicePage?.description && <p className="lead">{page.servicePage.description}</p>}
      </Hero>
      <div className="wrap">
        {page.services.length ? <ServiceCards services={page.services} /> : <p>Our services will be listed here soon.</p>}
      </div>
    </>
  );
}

export function ServicePage({ page }: { page: Of<'service'> }) {
  const s = page.service;
  return (
    <>
      <Hero image={s.cover} title={s.name}>
        <p className="lead">{s.description}</p>
      </Hero>
      <div className="wrap">
        {s.description2 && <Paragraphs text={s.description2} />}
        <h2>Gallery</h2>
        <Gallery gallery={page.gallery} label={s.name} basePath={sitePaths.service(s.slug)} />
        <p>
          <a className="button" href={`${sitePaths.contact}?service=${s.id}#enquiry`}>
            Ask about {s.name}
          </a>
        </p>
      </div>
    </>
  );
}

export function LoveStoriesPage({ page }: { page: Of<'love-stories'> }) {
  return (
    <>
      <Hero image={page.hero} title="Love stories" />
      <div className="wrap">
        {page.stories.length ? <StoryCards stories={page.stories} lead={!page.hero} /> : <p>Our love stories will be told here soon.</p>}
      </div>
    </>
  );
}

export function LoveStoryPage({ page }: { page: Of<'love-story'> }) {
  const s = page.story;
  const rest = [s.description2, s.description3, s.description4, s.description5].filter((d) => d.trim());
  return (
    <>
      <Hero image={s.cover} title={s.title}>
        <p className="lead">{s.description1}</p>
      </Hero>
      <div className="wrap">
        <article className="story">
          {rest.map((d, i) => (
            <Paragraphs key={i} text={d} />
          ))}
        </article>
        <h2>Gallery</h2>
        <Gallery gallery={page.gallery} label={s.title} basePath={sitePaths.loveStory(s.slug)} />
      </div>
    </>
  );
}

export function AboutPage({ page }: { page: Of<'about'> }) {
  const a = page.about;
  return (
    <>
      <Hero image={page.hero ?? a?.page_image ?? null} title={a?.header_text || 'About us'} />
      <div className="wrap">
        {!a && !page.team.length && <p>The studio's story will be told here soon.</p>}
        {a && (
          <section className="split" aria-label="Our studio">
            <div>
              <Paragraphs text={a.info_text1} />
              {a.info_text2 && <Paragraphs text={a.info_text2} />}
            </div>
            <Img image={a.info_image} alt="The studio" sizes="(min-width: 900px) 45vw, 100vw" />
          </section>
        )}
        {page.team.length > 0 && (
          <section aria-labelledby="team">
            <h2 id="team">The team</h2>
            <ul className="team">
              {page.team.map((m) => (
                <li key={m.id}>
                  <Img image={m.image} alt={m.name} sizes="200px" className="portrait" />
                  <h3>{m.name}</h3>
                  <p>{m.title}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}

/** The studio's addresses, phones and e-mails, each set once. */
function contactEntries(contact: SiteContact) {
  const entries = [...(contact.content ? [contact.content] : []), ...contact.info];
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.email}|${e.phone}|${e.address}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function ContactDetails({ contact }: { contact: SiteContact }) {
  const unique = contactEntries(contact);
  if (!unique.length) return null;
  return (
    <>
      {unique.map((c, i) => (
        <address key={i} className="address">
          {c.address && (
            <span>
              {c.address.split('\n').map((line, j) => (
                <span key={j} className="line">
                  {line}
                </span>
              ))}
            </span>
          )}
          {c.phone && (
            <span className="line">
              Phone: <a href={`tel:${c.phone.replace(/[^+\d]/g, '')}`}>{c.phone}</a>
            </span>
          )}
          {c.email && (
            <span className="line">
              Email: <a href={`mailto:${c.email}`}>{c.email}</a>
            </span>
          )}
        </address>
      ))}
    </>
  );
}

/** The field a page given back with messages focuses (and so scrolls to) without a script: the first that is wrong. */
function firstInvalid(form: EnquiryFormState, order: EnquiryFormField[]): EnquiryFormField | null {
  return form.failure ? null : (order.find((f) => form.errors[f]) ?? null);
}

function Field({
  name,
  label,
  form,
  type = 'text',
  max,
  autoComplete,
  required = true,
  focus,
  options,
}: {
  name: EnquiryFormField;
  label: string;
  form: EnquiryFormState;
  type?: 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'select';
  max?: number;
  autoComplete?: string;
  required?: boolean;
  focus: boolean;
  options?: { value: string; label: string }[];
}) {
  const error = form.errors[name];
  const common = {
    id: `f-${name}`,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `e-${name}`,
    defaultValue: form.values[name],
    autoComplete,
    autoFocus: focus || undefined,
  };
  return (
    <p className="field">
      <label htmlFor={`f-${name}`}>
        {label}
        {!required && <span className="optional"> (optional)</span>}
      </label>
      {type === 'textarea' ? (
        <textarea rows={6} maxLength={max} {...common} />
      ) : type === 'select' ? (
        <select {...common}>
          {options!.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input type={type} maxLength={max} {...common} />
      )}
      <span className="error" id={`e-${name}`} data-error-for={name}>
        {error ?? ''}
      </span>
    </p>
  );
}

/** How each extra question is asked. */
const EXTRA_INPUTS: Record<EnquiryExtraField, { type: 'text' | 'tel' | 'date' | 'select'; max?: number; autoComplete?: string }> = {
  event_date: { type: 'date' },
  venue: { type: 'text', max: ENQUIRY_LIMITS.venue },
  service: { type: 'select' },
  budget: { type: 'text', max: ENQUIRY_LIMITS.budget },
  phone: { type: 'tel', max: ENQUIRY_LIMITS.phone, autoComplete: 'tel' },
  heard_from: { type: 'text', max: ENQUIRY_LIMITS.heardFrom },
};

export function EnquiryForm({
  form,
  services,
  fields,
  privacy,
}: {
  form: EnquiryFormState;
  services: { id: number; name: string }[];
  fields: Record<EnquiryExtraField, EnquiryFieldMode>;
  privacy: string;
}) {
  if (form.sent) {
    return (
      <div className="thanks" role="status" id="enquiry" tabIndex={-1}>
        <h2>Thank you</h2>
        <p>Your enquiry has been received. We will write back soon.</p>
      </div>
    );
  }
  // A service question with nothing published to choose from is left out.
  const extras = ENQUIRY_EXTRA_FIELDS.filter((f) => fields[f.key] !== 'off' && (f.key !== 'service' || services.length > 0));
  const order: EnquiryFormField[] = ['full_name', 'email', ...extras.map((f) => f.key), 'message'];
  const focused = firstInvalid(form, order);
  return (
    <form method="post" action="/site/enquiries/" id="enquiry" className="enquiry" noValidate data-enquiry>
      <h2>Send us a message</h2>
      <p className="form-failure" role="alert" data-form-failure tabIndex={-1} autoFocus={form.failure ? true : undefined}>
        {form.failure ?? ''}
      </p>
      <Field
        name="full_name"
        label="Full name"
        form={form}
        max={ENQUIRY_LIMITS.fullName}
        autoComplete="name"
        focus={focused === 'full_name'}
      />
      <Field
        name="email"
        label="Email"
        type="email"
        form={form}
        max={ENQUIRY_LIMITS.email}
        autoComplete="email"
        focus={focused === 'email'}
      />
      {extras.map((f) => (
        <Field
          key={f.key}
          name={f.key}
          label={f.label}
          form={form}
          required={fields[f.key] === 'required'}
          focus={focused === f.key}
          {...EXTRA_INPUTS[f.key]}
          options={
            f.key === 'service'
              ? [{ value: '', label: 'Choose a service' }, ...services.map((s) => ({ value: String(s.id), label: s.name }))]
              : undefined
          }
        />
      ))}
      <Field name="message" label="Message" type="textarea" form={form} max={ENQUIRY_LIMITS.message} focus={focused === 'message'} />
      <div className="hp" aria-hidden="true">
        <label htmlFor="f-hp">Leave this field empty</label>
        <input id="f-hp" name={ENQUIRY_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p>
        <button type="submit" className="button">
          Send enquiry
        </button>
      </p>
      {privacy && <p className="privacy">{privacy}</p>}
    </form>
  );
}

export function ContactPage({ page, settings }: { page: Of<'contact'>; settings: PublicSettings }) {
  const c = page.contact.content;
  const notes = page.contact.info.filter((i) => i.description);
  // A studio that has written no details yet (a new install) shows the form alone, not an empty 'Find us'.
  const findUs = notes.length > 0 || contactEntries(page.contact).length > 0;
  return (
    <>
      <Hero image={page.hero ?? c?.nav_image ?? null} title="Contact us">
        {c?.description && <p className="lead">{c.description}</p>}
      </Hero>
      <div className={findUs ? 'wrap split contact' : 'wrap contact'}>
        {findUs && (
          <section aria-labelledby="reach">
            <h2 id="reach">Find us</h2>
            {notes.map((i, n) => (
              <p key={n}>{i.description}</p>
            ))}
            <ContactDetails contact={page.contact} />
          </section>
        )}
        <section aria-label="Enquiry">
          <EnquiryForm form={page.form} services={page.services} fields={settings.enquiry_fields} privacy={settings.enquiry_privacy} />
        </section>
      </div>
    </>
  );
}

/** The thank-you state: the same words whether or not the address is a customer's. */
const GALLERY_LINKS_THANKS =
  'If this address has client galleries with us, their links are on their way to it. Check your inbox in a few minutes.';

function GalleryLinksForm({ form }: { form: GalleryLinksFormState }) {
  if (form.sent) {
    return (
      <div className="thanks" role="status" id="gallery-links">
        <h2>Check your inbox</h2>
        <p>{GALLERY_LINKS_THANKS}</p>
      </div>
    );
  }
  return (
    <form
      method="post"
      action="/site/client-gallery/"
      id="gallery-links"
      className="enquiry"
      noValidate
      data-gallery-links
      data-thanks={GALLERY_LINKS_THANKS}
    >
      <h2>Find your galleries</h2>
      <p>Type the e-mail address you gave us: we will send you the links to your client galleries.</p>
      <p className="form-failure" role="alert" data-form-failure>
        {form.failure ?? ''}
      </p>
      <p className="field">
        <label htmlFor="f-email">Email</label>
        <input
          type="email"
          id="f-email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={form.email}
          aria-invalid={form.error ? true : undefined}
          aria-describedby="e-email"
        />
        <span className="error" id="e-email" data-error-for="email">
          {form.error ?? ''}
        </span>
      </p>
      <p>
        <button type="submit" className="button">
          Send me the links
        </button>
      </p>
    </form>
  );
}

export function ClientGalleryPage({ page }: { page: Of<'client-gallery'> }) {
  return (
    <>
      <Hero image={page.hero} title="Client gallery">
        <p className="lead">Your photos, delivered privately.</p>
      </Hero>
      <div className="wrap contact">
        <section aria-label="Client gallery links">
          <GalleryLinksForm form={page.form} />
        </section>
      </div>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <Hero image={null} title="Page not found" />
      <div className="wrap">
        <p>
          This page does not exist, or is no longer published. <a href="/">Go to the home page</a>.
        </p>
      </div>
    </>
  );
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <a href={sitePaths.journalTag(t)}>{t}</a>
        </li>
      ))}
    </ul>
  );
}

export function JournalPage({ page }: { page: Of<'journal'> }) {
  const { posts, tag } = page;
  const base = tag ? `${sitePaths.journalTag(tag)}&` : `${sitePaths.journal}?`;
  const at = (n: number) => (n === 1 ? (tag ? sitePaths.journalTag(tag) : sitePaths.journal) : `${base}page=${n}`);
  // No hero above: the first cover is the page's main image, fetched first. The rest wait (lazy,
  // low: a phone shows the top of the second, which the browser would otherwise fetch as high).
  const lead = page.hero ? null : posts.items.find((p) => p.cover);
  return (
    <>
      <Hero image={page.hero} title={tag ? `Journal: ${tag}` : 'Journal'}>
        <p className="lead">Weddings, venues and stories from behind the camera.</p>
      </Hero>
      <div className="wrap">
        {tag && (
          <p>
            <a href={sitePaths.journal}>All posts</a>
          </p>
        )}
        {posts.items.length ? (
          <ul className="cards">
            {posts.items.map((p) => (
              <li key={p.id} className="card">
                <a href={p.path}>
                  {p.cover && <Img image={p.cover} alt="" sizes={CARD_SIZES} priority={p === lead} low={p !== lead} />}
                  <h2>{p.title}</h2>
                </a>
                <p className="muted">
                  <time dateTime={p.published_at}>{dateOf(p.published_at)}</time>
                </p>
                {p.excerpt && <p>{p.excerpt}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p>The first posts are on their way.</p>
        )}
        {posts.pages > 1 && (
          <nav className="pager" aria-label="Journal pages">
            {posts.page > 1 && (
              <a href={at(posts.page - 1)} rel="prev">
                Newer posts
              </a>
            )}
            {posts.page < posts.pages && (
              <a href={at(posts.page + 1)} rel="next">
                Older posts
              </a>
            )}
          </nav>
        )}
        <p>
          <a href={sitePaths.feed}>Subscribe (RSS)</a>
        </p>
      </div>
    </>
  );
}

export function PostPage({ page }: { page: Of<'post'> }) {
  const p = page.post;
  return (
    <>
      <Hero image={p.cover} title={p.title}>
        <p className="lead">
          <time dateTime={p.published_at}>{dateOf(p.published_at)}</time>
        </p>
      </Hero>
      <div className="wrap">
        <article className="post">
          {/* Written on the server from the editor's allow-list (features/blog-posts/body-html.ts). */}
          <div className="post-body" dangerouslySetInnerHTML={{ __html: p.html }} />
          <Tags tags={p.tags} />
        </article>
        <p>
          <a href={sitePaths.journal}>All posts</a>
        </p>
      </div>
    </>
  );
}
