// Fills a running Darkroom with a small demo through its own API, for trying the portal out:
//   npm run seed -- http://localhost:8001 admin <password>
// Everything it makes is published, so the website shows it (the home page's hero is its slide).
import sharp from 'sharp';

/** A failure the seed reports in one line (no stack trace): the API's refusal or no server. */
export class SeedError extends Error {}

async function photo(seed: number, width = 1920, height = 1280): Promise<Blob> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,28%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.68}" cy="${height * 0.38}" r="${height * 0.22}" fill="hsla(${(hue + 180) % 360},70%,85%,0.55)"/>
    <rect x="0" y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="hsla(${hue},30%,12%,0.45)"/>
  </svg>`;
  const buf = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return new Blob([new Uint8Array(buf)], { type: 'image/jpeg' });
}

async function callAt(base: string, token: string | null, method: string, path: string, body?: FormData | object): Promise<unknown> {
  const headers: Record<string, string> = token ? { Authorization: `Token ${token}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(new URL(path, base), { method, headers, body: payload }).catch(() => {
    throw new SeedError(`No Darkroom answers at ${base}: start it (npm start) and give its address.`);
  });
  const text = await res.text();
  if (!res.ok) throw new SeedError(`${method} ${path} was refused (${res.status}): ${text}`);
  return text ? JSON.parse(text) : null;
}

function form(values: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v, ...(v instanceof Blob ? [`${k}.jpg`] : []));
  return fd;
}

/** Signs in as the admin and adds services, galleries, customers, a love story, a client gallery, a slide and an enquiry. */
export async function seedOverHttp(base: string, username: string, password: string): Promise<void> {
  const login = await fetch(new URL('/accounts/auth-admin/login/', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).catch(() => null);
  if (!login) throw new SeedError(`No Darkroom answers at ${base}: start it (npm start) and give its address.`);
  if (!login.ok) throw new SeedError(`Signing in as "${username}" failed (${login.status}): npm run seed -- <url> <admin> <password>`);
  const { authToken: token } = (await login.json()) as { authToken: string };
  const call = (token: string | null, method: string, path: string, body?: FormData | object) => callAt(base, token, method, path, body);
  const services = ['Weddings', 'Engagements', 'Portraits', 'Family sessions', 'Events'];
  for (const [i, name] of services.entries()) {
    const s = (await call(
      token,
      'POST',
      '/adminportal/manage-services/',
      form({
        name,
        description: `${name}: unhurried, documentary coverage with a handful of guided portraits.`,
        cover_image: await photo(i + 1),
      }),
    )) as { id: number };
    if (i < 3) await call(token, 'PATCH', `/adminportal/manage-services/${s.id}/`, form({ status: 'true' }));
    const gallery = new FormData();
    gallery.append('service', String(s.id));
    for (let p = 0; p < 6; p++)
      gallery.append('land_scape_image', await photo(100 + i * 10 + p, 1600, 1067), `${name.toLowerCase()}-${p + 1}.jpg`);
    await call(token, 'POST', '/adminportal/manage-gallery/', gallery);
  }
  const customers = [
    ['Ada', 'Lovelace'],
    ['Grace', 'Hopper'],
  ];
  const customerIds: number[] = [];
  for (const [first, last] of customers) {
    const c = (await call(token, 'POST', '/adminportal/manage-users/', {
      first_name: first,
      last_name: last,
      email: `${first!.toLowerCase()}@example.com`,
      username: first!.toLowerCase(),
      phone: '+44 20 7946 0000',
    })) as { id: number };
    customerIds.push(c.id);
  }
  await call(
    token,
    'POST',
    '/adminportal/manage-love-stories/',
    form({
      title: 'Ada & Charles',
      user: String(customerIds[0]),
      status: 'true',
      description: JSON.stringify({ description1: 'A spring wedding in the old botanical gardens.' }),
      cover_image: await photo(40),
    }),
  );
  await call(
    token,
    'POST',
    '/adminportal/manage-client-galleries/',
    form({
      title: 'Hopper family',
      user: String(customerIds[1]),
      status: 'true',
      gallery_link: 'https://photos.example.com/hopper',
      cover_image: await photo(41),
    }),
  );
  const slide = (await call(
    token,
    'POST',
    '/adminportal/manage-carousel/',
    form({ header: 'Weddings', title: 'Your day', message: 'Stories told in light', image: await photo(50, 1920, 900) }),
  )) as { id: number };
  await call(token, 'PATCH', `/adminportal/manage-carousel/${slide.id}/`, form({ status: 'true' }));
  await call(token, 'POST', '/site/enquiries/', {
    full_name: 'Margaret Hamilton',
    email: 'margaret@example.com',
    message: 'Are you free on 14 June?',
  });
}
