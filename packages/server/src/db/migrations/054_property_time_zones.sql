-- Property time zones PostgreSQL cannot use (issue 21 item 5). Until now a zone was checked with Node's Intl
-- alone, whose ICU also knows names tzdata does not: `Canada/East-Saskatchewan` and `US/Pacific-New` (dropped from
-- tzdata), Java's three-letter ids (`IST` is Asia/Calcutta to ICU, Israel's +02 to PostgreSQL's abbreviations)
-- and `SystemV/*`. A property saved with one had its gift-card lists, ledger and exports fail in SQL. The contract
-- now takes only the zones both accept (`TIME_ZONES` in the SDK); a stored zone outside them becomes the zone
-- Node read it as (its ICU canonical name, or the tzdata zone of the same rules), else UTC. A name PostgreSQL
-- knows in another case (`europe/oslo`) takes PostgreSQL's spelling, the one the list has.
update properties p
   set timezone = n.name
  from pg_timezone_names n
 where lower(n.name) = lower(p.timezone)
   and n.name <> p.timezone
   and n.name !~ '^(posix|right)/'
   and not exists (select 1 from pg_timezone_names e where e.name = p.timezone);

update properties p
   set timezone = coalesce(
         (select m.zone
            from (values ('Canada/East-Saskatchewan', 'America/Regina'),
                         ('US/Pacific-New', 'America/Los_Angeles'),
                         ('ACT', 'Australia/Darwin'), ('AET', 'Australia/Sydney'),
                         ('AGT', 'America/Buenos_Aires'), ('ART', 'Africa/Cairo'),
                         ('AST', 'America/Anchorage'), ('BET', 'America/Sao_Paulo'),
                         ('BST', 'Asia/Dhaka'), ('CAT', 'Africa/Maputo'),
                         ('CNT', 'America/St_Johns'), ('CST', 'America/Chicago'),
                         ('CTT', 'Asia/Shanghai'), ('EAT', 'Africa/Nairobi'),
                         ('ECT', 'Europe/Paris'), ('IET', 'America/Indianapolis'),
                         ('IST', 'Asia/Calcutta'), ('JST', 'Asia/Tokyo'),
                         ('MIT', 'Pacific/Apia'), ('NET', 'Asia/Yerevan'),
                         ('NST', 'Pacific/Auckland'), ('PLT', 'Asia/Karachi'),
                         ('PNT', 'America/Phoenix'), ('PRT', 'America/Puerto_Rico'),
                         ('PST', 'America/Los_Angeles'), ('SST', 'Pacific/Guadalcanal'),
                         ('VST', 'Asia/Saigon'),
                         ('SystemV/AST4', 'America/Puerto_Rico'), ('SystemV/AST4ADT', 'America/Halifax'),
                         ('SystemV/CST6', 'America/Regina'), ('SystemV/CST6CDT', 'CST6CDT'),
                         ('SystemV/EST5', 'EST'), ('SystemV/EST5EDT', 'EST5EDT'),
                         ('SystemV/HST10', 'HST'), ('SystemV/MST7', 'MST'),
                         ('SystemV/MST7MDT', 'MST7MDT'), ('SystemV/PST8', 'Etc/GMT+8'),
                         ('SystemV/PST8PDT', 'PST8PDT'), ('SystemV/YST9', 'Etc/GMT+9'),
                         ('SystemV/YST9YDT', 'America/Anchorage')) as m(name, zone)
           where lower(m.name) = lower(p.timezone)),
         'UTC')
 where not exists (select 1 from pg_timezone_names n where n.name = p.timezone and n.name !~ '^(posix|right)/')
    or p.timezone = 'Factory';
