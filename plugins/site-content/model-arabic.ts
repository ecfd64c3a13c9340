import type { PaletteProblem, Reading } from "../../src/lib/palette";

/**
 * The content model's words in Arabic, for an editor whose interface is in
 * Arabic (the editor at /admin, plugins/site-admin): each file's and field's
 * name and help, and what a value that breaks a rule reads, by their English
 * in model.ts. Written as a Gulf business editor reads them, one term per
 * idea, with the site's own words where the site has one (docs/languages.md):
 * استفسار for an enquiry, تواصل معنا for the Contact page. A unit test holds
 * that every English word of the model has its Arabic here, and nothing else.
 */
export const modelArabic: Readonly<Record<string, string>> = {
  // site.yaml
  Site: "الموقع",
  "The company name, footer texts and the labels that appear on every page.":
    "اسم الشركة ونصوص تذييل الصفحة والتسميات الظاهرة في كل صفحة.",
  "Company name": "اسم الشركة",
  "Used in page titles, the footer, the copyright line and the enquiry thank-you message.":
    "يظهر في عناوين الصفحات وتذييل الصفحة وسطر حقوق النشر ورسالة الشكر بعد إرسال الاستفسار.",
  "The company's square mark: before its name in the top bar, as the browser tab's icon and in the editor's bar. A square PNG with a transparent background works best, 192 pixels a side or more. Left empty, the site shows its network icon.":
    "علامة الشركة المربّعة: تظهر قبل اسمها في الشريط العلوي، وأيقونةً لتبويب المتصفح، وفي شريط المحرّر. والأنسب صورة PNG مربّعة بخلفية شفافة، مقاسها 192 بكسل أو أكثر لكل ضلع. إذا تُرك الحقل فارغاً يعرض الموقع أيقونة الشبكة.",
  "Main colour": "اللون الرئيسي",
  "The company's dark colour, such as #0b2545: headings, the footer, the contact panel and behind the slideshow headlines, with white text on it. Give both colours or neither; left empty, the site keeps its own navy and light blue.":
    "اللون الداكن للشركة، مثل ‎#0b2545: للعناوين وتذييل الصفحة ولوحة بيانات التواصل وخلف عبارات عرض الشرائح، وفوقه نص أبيض. أدخل اللونين معاً أو اتركهما فارغين؛ فإذا تُركا فارغين يبقى الموقع على لونيه الكحلي والأزرق الفاتح.",
  "Accent colour": "اللون الثانوي",
  "The company's light colour, such as #4fb3e8: the small heading above the slideshow headlines, the marks beside the contact details, light surfaces; the site darkens it for links. It must read on the main colour.":
    "اللون الفاتح للشركة، مثل ‎#4fb3e8: للعنوان الصغير فوق عبارات عرض الشرائح والعلامات بجانب بيانات التواصل والخلفيات الفاتحة، ويجعله الموقع أغمق للروابط. ويجب أن يُقرأ بوضوح فوق اللون الرئيسي.",
  "Footer blurb": "نبذة تذييل الصفحة",
  "A short description of the company shown in the footer of every page.": "وصف قصير للشركة يظهر في تذييل كل صفحة.",
  "Site address": "عنوان الموقع",
  "The public address of the site, used for search engines and sharing.":
    "عنوان الموقع العام على الإنترنت، تستخدمه محركات البحث وروابط المشاركة.",
  "Sharing picture": "صورة المشاركة",
  "Shown when a page is shared on social media or in chat apps (1200 × 630 pixels works best).":
    "تظهر عند مشاركة إحدى الصفحات على وسائل التواصل الاجتماعي أو في تطبيقات المحادثة (المقاس الأنسب 1200 × 630 بكسل).",
  "Sharing picture description": "وصف صورة المشاركة",
  "Describes the sharing picture for people who cannot see it, where the page is shared.":
    "يصف صورة المشاركة لمن لا يستطيع رؤيتها حيث تُشارَك الصفحة.",
  "Skip link": "رابط التخطي",
  "Text of the keyboard shortcut link that jumps past the menu to the page content.":
    "نص الرابط الذي يتيح لمستخدمي لوحة المفاتيح تخطّي القائمة إلى محتوى الصفحة.",
  "Menu button label": "تسمية زر القائمة",
  "Read out by screen readers for the menu button on small screens.":
    "تقرؤها قارئات الشاشة لزر القائمة على الشاشات الصغيرة.",
  "Language link": "رابط اللغة",
  "This language's own name, as its speakers write it (English, العربية): the link to these pages from the pages in the other languages.":
    "اسم هذه اللغة كما يكتبه أهلها (English، العربية): رابط هذه الصفحات من صفحات اللغات الأخرى.",
  Navigation: "روابط التنقل",
  "The links in the top bar and in the footer's quick links, in order.":
    "روابط الشريط العلوي والروابط السريعة في تذييل الصفحة، بترتيب ظهورها.",
  Link: "رابط",
  "One link to a page of the site.": "رابط واحد إلى إحدى صفحات الموقع.",
  Label: "التسمية",
  "The link text visitors see.": "نص الرابط الذي يراه الزوّار.",
  Page: "الصفحة",
  "Which page the link opens.": "الصفحة التي يفتحها الرابط.",
  "Quick links heading": "عنوان الروابط السريعة",
  "Heading above the footer's list of page links.": "العنوان فوق قائمة روابط الصفحات في تذييل الصفحة.",
  "Footer contact heading": "عنوان بيانات التواصل في التذييل",
  "Heading above the address, phones and e-mail in the footer.":
    "العنوان فوق العنوان البريدي وأرقام الهاتف والبريد الإلكتروني في تذييل الصفحة.",
  "Copyright line": "سطر حقوق النشر",
  "Footer copyright line. {year} becomes the current year and {company} the company name.":
    "سطر حقوق النشر في تذييل الصفحة. يحلّ محلّ {year} العام الحالي ومحلّ {company} اسم الشركة.",
  "Designer credit": "إشارة المصمّم",
  "The credit to the site's designer, shown after the copyright line.":
    "الإشارة إلى مصمّم الموقع، تظهر بعد سطر حقوق النشر.",
  "Designer's website": "موقع المصمّم",
  "Where the designer credit links to.": "العنوان الذي تفتحه إشارة المصمّم.",

  // contact.yaml
  "Contact details": "بيانات التواصل",
  "Address, phone numbers, e-mail and chat link, shown in the footer and on the Contact page.":
    "العنوان وأرقام الهاتف والبريد الإلكتروني ورابط المحادثة، وتظهر في تذييل الصفحة وفي صفحة تواصل معنا.",
  "Street address": "عنوان المكتب",
  "Building, street and area, for example Office 1204, Bay Square, Business Bay.":
    "المبنى والشارع والمنطقة، مثل: مكتب 1204، باي سكوير، الخليج التجاري.",
  City: "المدينة",
  "The city of the office: Dubai.": "مدينة المكتب: دبي.",
  Country: "الدولة",
  "The country of the office.": "دولة المكتب.",
  "City and country line": "سطر المدينة والدولة",
  "How the line under the street is written: {city} becomes the city and {country} the country, with the language's own comma.":
    "طريقة كتابة السطر تحت عنوان المكتب: يحلّ محلّ {city} اسم المدينة ومحلّ {country} اسم الدولة، بفاصلة اللغة نفسها.",
  "Phone numbers": "أرقام الهاتف",
  "The company's phone numbers, in the order they are shown, each with what it is for.":
    "أرقام هاتف الشركة بترتيب ظهورها، ومع كل رقم الغرض منه.",
  Phone: "رقم هاتف",
  "One phone number.": "رقم هاتف واحد.",
  "Phone number": "رقم الهاتف",
  "A UAE number as you would dial it, such as 04 123 4567 or 050 123 4567; the site shows it as +971 4 123 4567.":
    "رقم إماراتي كما تتصل به، مثل ‎04 123 4567‎ أو ‎050 123 4567‎؛ ويعرضه الموقع بالصيغة ‎+971 4 123 4567‎.",
  "What it is": "نوع الرقم",
  "Shown beside the number: Office, or Mobile and WhatsApp.": "يظهر بجانب الرقم: المكتب، أو الهاتف المتحرك وواتساب.",
  "Answers on WhatsApp": "يرد على واتساب",
  "Switch on for the mobile the chat button opens a WhatsApp chat with. One number at most.":
    "فعّله لرقم الهاتف المتحرك الذي يفتح زر المحادثة محادثة واتساب معه. رقم واحد فقط على الأكثر.",
  "Office hours": "ساعات العمل",
  "When the office answers, shown on the Contact page, such as Sunday to Thursday, 9 am to 6 pm. Leave empty to show none.":
    "أوقات الرد في المكتب، وتظهر في صفحة تواصل معنا، مثل: من الأحد إلى الخميس، من 9 صباحًا حتى 6 مساءً. اتركه فارغًا إن لم ترغب في إظهارها.",
  "Office hours label": "تسمية ساعات العمل",
  "Label above the office hours on the Contact page.": "التسمية فوق ساعات العمل في صفحة تواصل معنا.",
  "Map link": "رابط الخريطة",
  "The office on a map (Google Maps or Apple Maps), opened by the Get directions link on the Contact page. Leave empty to show no link.":
    "موقع المكتب على الخريطة (Google Maps أو Apple Maps)، ويفتحه رابط الاتجاهات في صفحة تواصل معنا. اتركه فارغًا إن لم ترغب في إظهار الرابط.",
  "Directions link text": "نص رابط الاتجاهات",
  "The text of the link to the map, under the address.": "نص الرابط إلى الخريطة، تحت العنوان.",
  "Sales e-mail": "بريد المبيعات الإلكتروني",
  "Where visitors write to the sales team.": "العنوان الذي يراسل عليه الزوّار فريق المبيعات.",
  "Chat link": "رابط المحادثة",
  "Leave empty: the chat button opens a WhatsApp chat with the phone number switched to WhatsApp above. Fill it in only for another messaging chat, such as https://t.me/yourcompany.":
    "اتركه فارغًا: يفتح زر المحادثة محادثة واتساب مع رقم الهاتف المفعّل له واتساب أعلاه. لا تملأه إلا لتطبيق محادثة آخر، مثل https://t.me/yourcompany.",
  "Chat button text": "نص زر المحادثة",
  "The text of the floating chat button.": "نص زر المحادثة العائم.",
  "Address label": "تسمية العنوان",
  "Label above the address on the Contact page.": "التسمية فوق العنوان في صفحة تواصل معنا.",
  "Phone label": "تسمية الهاتف",
  "Label above the phone numbers on the Contact page.": "التسمية فوق أرقام الهاتف في صفحة تواصل معنا.",
  "E-mail label": "تسمية البريد الإلكتروني",
  "Label above the e-mail address on the Contact page.": "التسمية فوق البريد الإلكتروني في صفحة تواصل معنا.",
  "Chat label": "تسمية المحادثة",
  "Label above the chat link on the Contact page.": "التسمية فوق رابط المحادثة في صفحة تواصل معنا.",
  "Chat link text": "نص رابط المحادثة",
  "The text of the chat link on the Contact page.": "نص رابط المحادثة في صفحة تواصل معنا.",
  "Contact panel heading": "عنوان لوحة بيانات التواصل",
  "Heading of the contact details panel on the Contact page.": "عنوان لوحة بيانات التواصل في صفحة تواصل معنا.",

  // pages.yaml
  Pages: "الصفحات",
  "Titles, search descriptions and headings of each page.": "عنوان كل صفحة ووصفها في نتائج البحث وعناوينها.",
  "Home page": "الصفحة الرئيسية",
  "The home page (/).": "الصفحة الرئيسية (/).",
  "Browser tab title": "عنوان تبويب المتصفح",
  "Shown in the browser tab and search results, before the company name.":
    "يظهر في تبويب المتصفح وفي نتائج البحث، قبل اسم الشركة.",
  "Search description": "الوصف في نتائج البحث",
  "One or two sentences shown under the title in search results and when the page is shared.":
    "جملة أو جملتان تظهران تحت العنوان في نتائج البحث وعند مشاركة الصفحة.",
  Heading: "العنوان",
  "The small heading above the slideshow headlines: what the company does and where.":
    "العنوان الصغير فوق عبارات عرض الشرائح: ما تقدّمه الشركة وأين.",
  "Call to action": "زر الدعوة إلى الإجراء",
  "The button under the slideshow headlines, on the first screen: what a convinced visitor does next.":
    "الزر تحت عبارات عرض الشرائح في الشاشة الأولى: الخطوة التالية للزائر المقتنع.",
  "Call to action page": "صفحة زر الدعوة إلى الإجراء",
  "Which page the call to action opens.": "الصفحة التي يفتحها زر الدعوة إلى الإجراء.",
  "About page": "صفحة من نحن",
  "The About page (/about).": "صفحة من نحن (/about).",
  "The main heading of the page.": "العنوان الرئيسي للصفحة.",
  "Service page": "صفحة خدماتنا",
  "The Service page (/service).": "صفحة خدماتنا (/service).",
  Introduction: "المقدّمة",
  "Text under the heading, above the service cards.": "النص تحت العنوان، فوق بطاقات الخدمات.",
  "Contact page": "صفحة تواصل معنا",
  "The Contact page (/contact).": "صفحة تواصل معنا (/contact).",
  "Text under the heading, above the contact details and the form.":
    "النص تحت العنوان، فوق بيانات التواصل ونموذج الاستفسار.",
  "Privacy notice": "إشعار الخصوصية",
  "The privacy notice (/privacy), linked under the form's button and in the footer.":
    "إشعار الخصوصية (/privacy)، ويُربط إليه تحت زر نموذج الاستفسار وفي تذييل الصفحة.",
  "Text under the heading, above the notice's sections.": "النص تحت العنوان، فوق أقسام الإشعار.",
  "Link text": "نص الرابط",
  "The link to the notice in the footer of every page.": "الرابط إلى الإشعار في تذييل كل صفحة.",
  "Page not found": "الصفحة غير موجودة",
  "Shown when a visitor opens an address that does not exist.": "تظهر عندما يفتح الزائر عنوانًا غير موجود.",
  Text: "النص",
  "Explains that the page does not exist.": "يوضّح أن الصفحة غير موجودة.",
  "The link back to the home page.": "رابط العودة إلى الصفحة الرئيسية.",
  "Error heading": "عنوان الخطأ",
  "Shown, with the technical message, if a page fails unexpectedly in the visitor's browser.":
    "يظهر مع الرسالة التقنية إذا تعطّلت صفحة على نحو غير متوقع في متصفح الزائر.",

  // slides.yaml
  "Home slideshow": "عرض الشرائح في الصفحة الرئيسية",
  "The slides at the top of the home page. They change every 8.5 seconds.":
    "الشرائح أعلى الصفحة الرئيسية، وتتبدّل كل 8.5 ثانية.",
  "Slideshow role": "وصف عرض الشرائح",
  "What screen readers call the slideshow as a whole, in the page's language: carousel, or its translation.":
    "الاسم الذي تطلقه قارئات الشاشة على عرض الشرائح كاملًا بلغة الصفحة: carousel أو ترجمتها.",
  "Slide button label": "تسمية أزرار الشرائح",
  "Read out by screen readers for the dots below the slides. {number} becomes the slide's number and {total} the number of slides.":
    "تقرؤها قارئات الشاشة للنقاط أسفل الشرائح. يحلّ محلّ {number} رقم الشريحة ومحلّ {total} عدد الشرائح.",
  "Pause button label": "تسمية زر الإيقاف المؤقت",
  "The button that stops the slides from changing by themselves.": "الزر الذي يوقف تبدّل الشرائح تلقائيًا.",
  "Play button label": "تسمية زر التشغيل",
  "The same button once the slides are paused.": "الزر نفسه بعد إيقاف الشرائح.",
  Slides: "الشرائح",
  "Each slide shows one headline over a picture.": "تعرض كل شريحة عبارة واحدة فوق صورة.",
  Slide: "شريحة",
  "One slide.": "شريحة واحدة.",
  Headline: "العبارة",
  "The large text of the slide.": "النص الكبير في الشريحة.",
  Picture: "الصورة",
  "The slide's background picture, wide (at least 1600 × 700 pixels). Decorative: the headline says it all.":
    "صورة خلفية الشريحة، عريضة (1600 × 700 بكسل على الأقل). للزينة فقط، فالعبارة تقول كل شيء.",

  // why-us.yaml
  "Why choose us": "لماذا تختارنا",
  "The 'Why Choose Us' section of the home page.": "قسم «لماذا تختارنا» في الصفحة الرئيسية.",
  "The section heading.": "عنوان القسم.",
  "The paragraph under the heading.": "الفقرة تحت العنوان.",
  Points: "الأسباب",
  "The short reasons shown as cards with an icon.": "الأسباب المختصرة، وتظهر في بطاقات مع أيقونة.",
  Point: "سبب",
  "One reason.": "سبب واحد.",
  Title: "العنوان",
  "The reason in a few words.": "السبب في كلمات قليلة.",
  "One or two sentences.": "جملة أو جملتان.",
  Icon: "الأيقونة",
  "The icon shown above the title.": "الأيقونة الظاهرة فوق العنوان.",

  // about.yaml
  About: "من نحن",
  "The sections of the About page.": "أقسام صفحة من نحن.",
  Sections: "الأقسام",
  "Who we are, Vision, Mission and Values, in the order shown.":
    "نبذة عن الشركة والرؤية والرسالة والقيم، بترتيب ظهورها.",
  Section: "قسم",
  "One section of the About page.": "قسم واحد من صفحة من نحن.",
  "The section text. Leave a blank line between paragraphs.": "نص القسم. اترك سطرًا فارغًا بين الفقرات.",

  // privacy.yaml
  "What the site does with the personal data an enquiry holds, under the UAE's data protection law. Have it reviewed by the company's lawyer before launch.":
    "ما يفعله الموقع بالبيانات الشخصية في الاستفسار وفق قانون حماية البيانات في الإمارات. اعرضه على محامي الشركة قبل إطلاق الموقع.",
  Controller: "المتحكم",
  "The company as the law names it: the one responsible for the personal data. The deploy refuses while a value is still in [square brackets].":
    "الشركة كما يسمّيها القانون: الجهة المسؤولة عن البيانات الشخصية. يرفض النشر أي قيمة ما زالت بين [قوسين معقوفين].",
  "Legal name": "الاسم القانوني",
  "The company's name as its trade licence writes it, in this language.":
    "اسم الشركة كما تكتبه رخصتها التجارية بهذه اللغة.",
  "Legal form": "الشكل القانوني",
  "Its legal form, such as limited liability company.": "شكلها القانوني، مثل شركة ذات مسؤولية محدودة.",
  Licence: "الرخصة",
  "The trade licence's number and the authority that issued it.": "رقم الرخصة التجارية والجهة التي أصدرتها.",
  "Registered address": "العنوان المسجّل",
  "The address on the trade licence.": "العنوان المدوّن في الرخصة التجارية.",
  "Privacy contact": "عنوان التواصل بشأن الخصوصية",
  "The e-mail address that answers questions and requests about personal data.":
    "البريد الإلكتروني الذي يجيب عن الأسئلة والطلبات المتعلقة بالبيانات الشخصية.",
  "Mailbox provider": "مزوّد صندوق البريد",
  "Who holds the sales team's mailbox (such as Microsoft 365 or Google Workspace): it receives every enquiry. Written once, as its maker writes it; the Arabic notice names it so too.":
    "الجهة التي تستضيف صندوق بريد فريق المبيعات (مثل Microsoft 365 أو Google Workspace)، وتستلم كل استفسار. يُكتب مرة واحدة كما تكتبه الشركة المصنّعة، ويذكره الإشعار العربي بالاسم نفسه.",
  "Number of days": "عدد الأيام",
  "How this language writes a number of days in the notice's sentences: {n} becomes the number. Arabic uses a form for 1, 2, 3 to 10, 11 to 99 and 100 and over; English one for 1 and one for the rest.":
    "طريقة كتابة عدد الأيام في جمل الإشعار بهذه اللغة: يحلّ محلّ {n} العدد. للعربية صيغة للعدد 1، وللعدد 2، ومن 3 إلى 10، ومن 11 إلى 99، ولما بلغ 100 فأكثر؛ وللإنجليزية صيغة للعدد 1 وأخرى لما سواه.",
  One: "واحد",
  "One day (1).": "يوم واحد (1).",
  Two: "اثنان",
  "Two days (2).": "يومان (2).",
  "A few": "من 3 إلى 10",
  "3 to 10 days in Arabic.": "من 3 إلى 10 أيام بالعربية.",
  Many: "من 11 إلى 99",
  "11 to 99 days in Arabic.": "من 11 إلى 99 يومًا بالعربية.",
  Other: "سائر الأعداد",
  "Any other number of days.": "أي عدد آخر من الأيام.",
  "The notice's sections, in the order shown: who is responsible, what is collected, why and on what basis, who receives it, where it is kept, for how long, your rights.":
    "أقسام الإشعار بترتيب ظهورها: الجهة المسؤولة، والبيانات التي تُجمع، والغرض منها وأساسه، ومن يستلمها، وأين تُحفظ، ومدة حفظها، وحقوقك.",
  "One section of the notice.": "قسم واحد من الإشعار.",
  "The section text. Leave a blank line between paragraphs. The site fills in: {company} the company name; {legalName}, {legalForm}, {licence}, {address} and {privacyEmail} from Controller and Privacy contact above; {email} the sales address; {days} how long the mail service keeps an enquiry; {wayOut} what carries the e-mail to the inbox, {databaseRegion} where the database is kept, {restoreDays} how long a deleted enquiry can be restored, {spamDays} how long one held as possible spam is kept and {siteHost} who hosts the site (all from the deployment's settings); {mailbox} the mailbox provider above. Each of these but {company} and {email} must appear somewhere in the notice.":
    "نص القسم. اترك سطرًا فارغًا بين الفقرات. يضع الموقع بنفسه: {company} اسم الشركة؛ و{legalName} و{legalForm} و{licence} و{address} و{privacyEmail} من حقلي المتحكم وعنوان التواصل بشأن الخصوصية أعلاه؛ و{email} بريد المبيعات؛ و{days} مدة احتفاظ خدمة البريد بالاستفسار؛ و{wayOut} الخدمة التي تنقل البريد إلى الصندوق، و{databaseRegion} مكان حفظ قاعدة البيانات، و{restoreDays} المدة التي يمكن خلالها استعادة استفسار محذوف، و{spamDays} مدة حفظ الاستفسار المحجوز للاشتباه في أنه رسالة مزعجة، و{siteHost} الجهة التي تستضيف الموقع (وكلها من إعدادات النشر)؛ و{mailbox} مزوّد صندوق البريد أعلاه. ويجب أن يرد كل منها في موضع ما من الإشعار، عدا {company} و{email}.",
  "Last changed": "تاريخ آخر تعديل",
  "The date the notice was last changed, year-month-day: change it with the notice.":
    "تاريخ آخر تعديل للإشعار بصيغة السنة-الشهر-اليوم، وغيّره كلما عدّلت الإشعار.",
  "Last changed line": "سطر آخر تعديل",
  "The line under the notice: {date} becomes the date above.": "السطر تحت الإشعار: يحلّ محلّ {date} التاريخ أعلاه.",

  // services.yaml
  Services: "الخدمات",
  "The service cards on the Service page.": "بطاقات الخدمات في صفحة خدماتنا.",
  "One card per service, in the order shown, up to 24.": "بطاقة لكل خدمة بترتيب ظهورها، حتى 24 بطاقة.",
  Service: "خدمة",
  "One service card.": "بطاقة خدمة واحدة.",
  "The name of the service.": "اسم الخدمة.",
  "What the service covers, in two or three sentences.": "ما تشمله الخدمة، في جملتين أو ثلاث.",
  "The icon shown on the card.": "الأيقونة الظاهرة على البطاقة.",

  // industries.yaml
  Industries: "القطاعات",
  "The choices of the enquiry form's industry list.": "خيارات قائمة القطاعات في نموذج الاستفسار.",
  "Shown in this order on English pages; on Arabic pages, in Arabic alphabetical order, the last entry (Others) staying last.":
    "تظهر بهذا الترتيب في الصفحات الإنجليزية، وبالترتيب الأبجدي العربي في الصفحات العربية، مع بقاء البند الأخير (أخرى) في آخر القائمة.",
  Industry: "قطاع",
  "One choice of the list.": "خيار واحد من القائمة.",

  // image-row.yaml
  "Image row": "شريط الصور",
  "The row of pictures at the bottom of every page.": "صفّ الصور أسفل كل صفحة.",
  Pictures: "الصور",
  "The pictures of the row, in order (eight fit best).": "صور الشريط بترتيبها (ثماني صور هو العدد الأنسب).",
  "One picture of the row.": "صورة واحدة من الشريط.",
  "A landscape picture (at least 800 × 600 pixels).": "صورة أفقية (800 × 600 بكسل على الأقل).",
  Description: "الوصف",
  "Describes the picture for visitors who cannot see it.": "يصف الصورة للزوّار الذين لا يستطيعون رؤيتها.",

  // partners.yaml
  Partners: "الشركاء",
  "The partner logos on the home page.": "شعارات الشركاء في الصفحة الرئيسية.",
  "Heading above the partner logos.": "العنوان فوق شعارات الشركاء.",
  "One logo per partner, in order.": "شعار لكل شريك، بالترتيب.",
  Partner: "شريك",
  "One partner.": "شريك واحد.",
  Name: "الاسم",
  "The partner's name.": "اسم الشريك.",
  Logo: "الشعار",
  "The partner's logo, on a transparent or white background.": "شعار الشريك على خلفية شفافة أو بيضاء.",
  "Describes the logo for visitors who cannot see it, usually the partner's name.":
    "يصف الشعار للزوّار الذين لا يستطيعون رؤيته، وغالبًا ما يكون اسم الشريك.",

  // enquiry-form.yaml
  "Enquiry form": "نموذج الاستفسار",
  "The labels and messages of the enquiry form on the Contact page and in the availability popup.":
    "تسميات نموذج الاستفسار ورسائله في صفحة تواصل معنا وفي النافذة المنبثقة للاستفسار عن توفّر الخدمة.",
  "Industry label": "تسمية القطاع",
  "Label of the industry drop-down.": "تسمية القائمة المنسدلة للقطاعات.",
  "Industry placeholder": "الخيار الأول في قائمة القطاعات",
  "The first, empty choice of the industry drop-down.": "الخيار الأول الفارغ في القائمة المنسدلة للقطاعات.",
  "Name label": "تسمية الاسم",
  "Label of the name field.": "تسمية حقل الاسم.",
  "Label of the e-mail field.": "تسمية حقل البريد الإلكتروني.",
  "Label of the mobile number field.": "تسمية حقل رقم الهاتف المتحرك.",
  "Company name label": "تسمية اسم الشركة",
  "Label of the company name field.": "تسمية حقل اسم الشركة.",
  "Message label": "تسمية الرسالة",
  "Label of the large text field.": "تسمية حقل النص الكبير.",
  "Button text": "نص الزر",
  "The text of the send button.": "نص زر الإرسال.",
  "Button text while sending": "نص الزر أثناء الإرسال",
  "The text of the send button while the enquiry is on its way.": "نص زر الإرسال بينما يجري إرسال الاستفسار.",
  "Thank-you message": "رسالة الشكر",
  "Replaces the form once the enquiry is sent. {company} becomes the company name.":
    "تحلّ محلّ النموذج بعد إرسال الاستفسار. يحلّ محلّ {company} اسم الشركة.",
  "Failure message": "رسالة تعذّر الإرسال",
  "Replaces the form if the enquiry could not be sent.": "تحلّ محلّ النموذج إذا تعذّر إرسال الاستفسار.",
  "Message without JavaScript": "الرسالة عند تعطيل JavaScript",
  "Shown instead of the form in browsers with JavaScript off, followed by the phone numbers and e-mail address.":
    "تظهر بدل النموذج في المتصفحات التي عُطّل فيها JavaScript، وتليها أرقام الهاتف والبريد الإلكتروني.",
  "Message while the page is still loading": "الرسالة أثناء تحميل الصفحة",
  "Shown under the form when Send was pressed but the page's scripts have not arrived after a few seconds (a slow or blocked connection), followed by the phone numbers, the e-mail address and the chat link. What the visitor typed stays in the form.":
    "تظهر تحت النموذج إذا ضغط الزائر زر الإرسال ولم تصل برمجيات الصفحة بعد بضع ثوانٍ (لبطء الاتصال أو انقطاعه)، وتليها أرقام الهاتف والبريد الإلكتروني ورابط المحادثة. ويبقى ما كتبه الزائر في النموذج.",
  "Label of the field to leave empty": "عنوان الحقل الذي يُترك فارغًا",
  "The label of a field hidden from visitors, which only robots fill (a filled one holds the enquiry for review); read only by whoever meets it anyway, so it asks them to leave it empty.":
    "عنوان حقل مخفي عن الزوار لا تملؤه إلا البرامج الآلية (وإذا مُلئ حُجز الاستفسار للمراجعة)؛ لا يقرؤه إلا من يصادفه رغم ذلك، لذا يطلب منه تركه فارغًا.",
  "Privacy link": "رابط الخصوصية",
  "The link to the privacy notice under the send button: what happens to what the visitor sends.":
    "الرابط إلى إشعار الخصوصية تحت زر الإرسال: ما يحدث لما يرسله الزائر.",
  "Popup title": "عنوان النافذة المنبثقة",
  "Title of the check-availability popup that wraps the form.":
    "عنوان النافذة المنبثقة للاستفسار عن توفّر الخدمة، وفيها النموذج.",
  "Check availability button": "زر الاستفسار عن توفّر الخدمة",
  "Under each service card and at the end of the About page: opens the popup with the form.":
    "يظهر تحت كل بطاقة خدمة وفي آخر صفحة من نحن، ويفتح النافذة المنبثقة وفيها النموذج.",
  "Popup close button": "زر إغلاق النافذة المنبثقة",
  "Read out by screen readers for the popup's close button.": "تقرؤها قارئات الشاشة لزر إغلاق النافذة المنبثقة.",

  // What a value that breaks a format's rule reads (model.ts, formats).
  "must be a plain e-mail address such as sales@example.com, in Latin letters, with nothing around it":
    "يجب أن يكون عنوان بريد إلكتروني فقط، مثل sales@example.com، بأحرف لاتينية ودون أي نص حوله",
  "must be a UAE phone number, such as 04 123 4567, 050 123 4567 or +971 50 123 4567":
    "يجب أن يكون رقم هاتف إماراتيًا، مثل ‎04 123 4567‎ أو ‎050 123 4567‎ أو ‎+971 50 123 4567‎",
  "must be a full web address starting with https://, its host name in Latin letters and nothing but the address":
    "يجب أن يكون عنوان ويب كاملًا يبدأ بـ https://، واسم موقعه بأحرف لاتينية، دون أي نص آخر",
  "must be a date written year-month-day, such as 2026-11-27":
    "يجب أن يكون تاريخًا بصيغة السنة-الشهر-اليوم، مثل 2026-11-27",
  "must be a colour written as # and six hexadecimal digits, such as #0b2545":
    "يجب أن يكون لونًا مكتوبًا بالعلامة # تليها ستة أرقام سداسية عشرية، مثل ‎#0b2545‎",
  "must be one of the site's pages: /, /about, /service, /contact, /privacy":
    "يجب أن يكون إحدى صفحات الموقع: / أو /about أو /service أو /contact أو /privacy",
  "is empty while the other colour is given: give both colours, or leave both empty for the site's own.":
    "فارغ بينما اللون الآخر محدد: حدّد اللونين معًا، أو اتركهما فارغين ليبقى الموقع على ألوانه الأصلية.",
  "white text on it, and it as headings on white": "النص الأبيض فوقه، وعناوين بهذا اللون على خلفية بيضاء",
  "it as words on the main colour": "النص بهذا اللون فوق اللون الرئيسي",
};

/**
 * What an Arabic-speaking editor reads when a text is longer than its field's limit (model.ts: tooLong). The number
 * stands last, where Arabic needs no counted noun to agree with it.
 */
export const tooLongArabic = (max: number) => `أقصى عدد من الأحرف يتّسع له هذا الحقل: ${max}`;

/** A left-to-right code (a colour, a ratio) inside an Arabic sentence, kept whole and in its order. */
const code = (text: string) => `\u200e${text}\u200e`;

/** How a brand colour reads beside one of its pairs, in Arabic (palette.ts: Reading). */
export const readingArabic = ({ use, reads, asks }: Reading) =>
  `${modelArabic[use] ?? use}: نسبة التباين ${code(`${reads}:1`)}، والمطلوب وفق معيار WCAG AA هو ${code(`${asks}:1`)}`;

/** What an Arabic-speaking editor reads when a brand colour does not read beside its pair (palette.ts). */
export function paletteProblemArabic(problem: Omit<PaletteProblem, "colour" | "message">): string {
  const way = problem.towards === "darker" ? "فاتح أكثر من اللازم" : "داكن أكثر من اللازم";
  return `اللون ${code(problem.given)} ${way}؛ ${problem.fails.map(readingArabic).join("؛ ")}. أقرب لون من الدرجة نفسها يجتاز الفحص هو ${code(problem.nearest)}.`;
}

/** The editor's button that puts the nearest passing colour in the field. */
export const colourButtonArabic = (colour: string) => `استخدم ${code(colour)}`;
