-- Gift-card PDFs (issue 12; document 3 §3 PDF template, §5 PDF section, §9): templates made of sections placed
-- on an A4 page (595 × 842 points; a section's box is the page inset by its padding), and each type's filled
-- sections per template. Templates without a property are built in: every property has them.

create table pdf_templates (
  id uuid primary key default gen_random_uuid(),
  -- null: a built-in template every property has.
  property_id uuid references properties (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
-- One default among the built-in templates, one among a property's own.
create unique index pdf_templates_one_default
  on pdf_templates (coalesce(property_id, '00000000-0000-0000-0000-000000000000'::uuid)) where is_default;
create index pdf_templates_property_idx on pdf_templates (property_id);

-- The look of a section (document 3 §5): shared by a template's sections (its defaults) and the filled ones.
create table pdf_sections (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references pdf_templates (id) on delete cascade,
  kind text not null check (kind in ('text', 'title', 'recipient', 'generated_id', 'info', 'description',
    'expiration', 'booking_url', 'hotel_name', 'image', 'background', 'color_fill', 'qr_code', 'rectangle',
    'dashed_box')),
  name text not null,
  position integer not null,
  text text not null default '' check (char_length(text) <= 2000),
  font text not null,
  font_size integer not null check (font_size between 1 and 100),
  text_align text not null default 'left' check (text_align in ('left', 'center', 'right')),
  fill_color text not null check (fill_color ~ '^#[0-9a-f]{6}$'),
  opacity numeric(4, 3) not null check (opacity between 0 and 1),
  padding_top integer not null check (padding_top between 0 and 841),
  padding_bottom integer not null check (padding_bottom between 0 and 841),
  padding_left integer not null check (padding_left between 0 and 595),
  padding_right integer not null check (padding_right between 0 and 595),
  corner_radius integer not null default 0 check (corner_radius between 0 and 360),
  dash_size integer not null default 6 check (dash_size between 1 and 100),
  dash_space integer not null default 4 check (dash_space between 1 and 100),
  stretch boolean not null default false,
  visible boolean not null default true,
  photo_url text,
  unique (template_id, position),
  check (padding_top + padding_bottom < 842 and padding_left + padding_right < 595)
);

create table gift_card_type_pdf_sections (
  id uuid primary key default gen_random_uuid(),
  gift_card_type_id uuid not null references gift_card_types (id) on delete cascade,
  pdf_section_id uuid not null references pdf_sections (id) on delete cascade,
  text text not null check (char_length(text) <= 2000),
  font text not null,
  font_size integer not null check (font_size between 1 and 100),
  text_align text not null check (text_align in ('left', 'center', 'right')),
  fill_color text not null check (fill_color ~ '^#[0-9a-f]{6}$'),
  opacity numeric(4, 3) not null check (opacity between 0 and 1),
  padding_top integer not null check (padding_top between 0 and 841),
  padding_bottom integer not null check (padding_bottom between 0 and 841),
  padding_left integer not null check (padding_left between 0 and 595),
  padding_right integer not null check (padding_right between 0 and 595),
  corner_radius integer not null check (corner_radius between 0 and 360),
  dash_size integer not null check (dash_size between 1 and 100),
  dash_space integer not null check (dash_space between 1 and 100),
  stretch boolean not null,
  visible boolean not null,
  photo_url text,
  updated_at timestamptz not null default now(),
  unique (gift_card_type_id, pdf_section_id),
  check (padding_top + padding_bottom < 842 and padding_left + padding_right < 595)
);

-- Two built-in templates. "Classic" is the default: a framed card with the title, the recipient, the code in a
-- dashed box and the QR code; "Photo" lays the type's first photo over the page under a dark veil.
insert into pdf_templates (id, property_id, name, is_default) values
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', null, 'Classic', true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', null, 'Photo', false);

insert into pdf_sections (template_id, kind, name, position, text, font, font_size, text_align, fill_color,
    opacity, padding_top, padding_bottom, padding_left, padding_right, corner_radius, dash_size, dash_space,
    stretch, visible) values
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'color_fill', 'Page colour', 0, '', 'Lato', 14, 'left', '#f7f3ec', 1, 0, 0, 0, 0, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'rectangle', 'Card', 1, '', 'Lato', 14, 'left', '#ffffff', 1, 24, 24, 24, 24, 12, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'hotel_name', 'Hotel name', 2, '', 'Montserrat Bold', 14, 'center', '#1f3a5f', 1, 56, 760, 60, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'text', 'Header', 3, 'Gift card', 'Playfair Display Bold', 65, 'center', '#1f3a5f', 1, 92, 660, 60, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'image', 'Photo', 4, '', 'Lato', 14, 'left', '#1f3a5f', 1, 190, 462, 120, 120, 8, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'title', 'Title', 5, '', 'Playfair Display', 35, 'center', '#1f3a5f', 1, 394, 358, 60, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'recipient', 'Recipient', 6, 'For ', 'Lato', 14, 'center', '#333333', 1, 490, 332, 60, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'description', 'Description', 7, '', 'Lato', 12, 'left', '#333333', 1, 520, 230, 70, 70, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'dashed_box', 'Code box', 8, '', 'Lato', 14, 'left', '#1f3a5f', 1, 628, 154, 60, 300, 6, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'generated_id', 'Code', 9, '', 'Montserrat Bold', 20, 'center', '#1f3a5f', 1, 646, 168, 64, 304, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'expiration', 'Valid until', 10, 'Valid until ', 'Lato', 14, 'left', '#333333', 1, 700, 122, 60, 300, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'info', 'How to use', 11, 'Scan the code or open the address below to book your stay.', 'Lato', 10, 'left', '#555555', 1, 728, 70, 60, 300, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'qr_code', 'QR code', 12, '', 'Lato', 14, 'left', '#1f3a5f', 1, 612, 90, 415, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000001', 'booking_url', 'Booking address', 13, '', 'Lato', 8, 'left', '#555555', 1, 776, 48, 60, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'background', 'Background photo', 0, '', 'Lato', 14, 'left', '#000000', 1, 0, 0, 0, 0, 0, 6, 4, true, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'color_fill', 'Veil', 1, '', 'Lato', 14, 'left', '#000000', 0.45, 0, 0, 0, 0, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'hotel_name', 'Hotel name', 2, '', 'Montserrat Bold', 14, 'left', '#ffffff', 1, 48, 770, 48, 48, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'text', 'Header', 3, 'Gift card', 'Playfair Display Bold', 65, 'left', '#ffffff', 1, 300, 452, 48, 48, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'title', 'Title', 4, '', 'Playfair Display', 35, 'left', '#ffffff', 1, 392, 370, 48, 48, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'recipient', 'Recipient', 5, 'For ', 'Lato', 14, 'left', '#ffffff', 1, 480, 340, 48, 48, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'rectangle', 'Panel', 6, '', 'Lato', 14, 'left', '#ffffff', 0.92, 600, 40, 40, 40, 16, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'generated_id', 'Code', 7, 'Code ', 'Montserrat Bold', 20, 'left', '#111111', 1, 630, 186, 64, 220, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'expiration', 'Valid until', 8, 'Valid until ', 'Lato', 14, 'left', '#111111', 1, 670, 152, 64, 220, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'info', 'How to use', 9, 'Scan the code to book your stay.', 'Lato', 10, 'left', '#333333', 1, 700, 100, 64, 220, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'qr_code', 'QR code', 10, '', 'Lato', 14, 'left', '#111111', 1, 616, 66, 405, 60, 0, 6, 4, false, true),
  ('6d0f3c1e-4b7a-4c59-9a53-000000000002', 'booking_url', 'Booking address', 11, '', 'Lato', 8, 'left', '#333333', 1, 780, 48, 64, 64, 0, 6, 4, false, true);
