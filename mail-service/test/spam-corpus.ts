/**
 * The enquiries the spam policy (src/core/spam.ts) is measured against: people's, with the cases a policy gets
 * wrong (a price question, real links, Arabic with English product names, Arabic-Indic digits, an upper-case
 * address, "Call me", no message, Russian and Hindi in Latin letters, a fintech that names crypto), and spam of
 * three kinds: scripts that post straight at the API, browser robots that fill every field at once, and spam a
 * person types at a person's pace. The Worker's corpus test holds the policy to its targets on these; npm run
 * bench:spam measures the same through the site's page. Build for the kinds, never for these messages: the checks
 * are also run against corpora this repository does not hold.
 */
import type { Enquiry } from "enquiry-contract/fields";

export interface CorpusEnquiry {
  language: "en" | "ar";
  /** What makes it worth a place here. */
  note: string;
  enquiry: Enquiry;
  /** Milliseconds from the first key to Send: a person types for a while; one who autofills sends in 3 s. */
  typedMs: number;
}

const enquiry = (fields: Partial<Enquiry>): Enquiry => ({
  industry: "",
  name: "",
  phone: "",
  companyName: "",
  email: "",
  message: "",
  ...fields,
});

const person = (language: "en" | "ar", note: string, fields: Partial<Enquiry>, typedMs = 60_000): CorpusEnquiry => ({
  language,
  note,
  enquiry: enquiry(fields),
  typedMs,
});

/** People's enquiries: none may be held. */
export const LEGITIMATE: CorpusEnquiry[] = [
  person("en", "a price question", {
    industry: "Consulting",
    name: "Daniel Roberts",
    email: "daniel@robertsadvisory.ae",
    phone: "+971 50 214 7781",
    companyName: "Roberts Advisory",
    message: "Hi, what is your price for monthly IT support for an office of 12 people in Business Bay?",
  }),
  person("en", "the price question at its shortest", {
    name: "Omar",
    email: "omar.k@gmail.com",
    message: "How much do you charge per hour?",
  }),
  person("en", "one real link", {
    industry: "E-Commerce",
    name: "Priya Nair",
    email: "priya@souqbox.ae",
    phone: "055 310 4412",
    companyName: "SouqBox",
    message:
      "Our Shopify store at https://souqbox.ae keeps timing out at checkout since Sunday. Can someone look at it today?",
  }),
  person("en", "two real links", {
    industry: "Media",
    name: "Lucas Meyer",
    email: "lucas@frame-studio.com",
    companyName: "Frame Studio",
    message:
      "We need a NAS for video editing. Looking at https://www.synology.com/en-global/products/DS1621+ or the QNAP one at www.qnap.com — which do you support and install?",
  }),
  person("en", "an upper-case address", {
    industry: "Construction",
    name: "AHMED KHALIL",
    email: "AHMED.KHALIL@ALNOORCONTRACTING.AE",
    phone: "+971 4 339 2201",
    companyName: "AL NOOR CONTRACTING LLC",
    message: "NEED 20 LAPTOPS SET UP WITH OFFICE 365 FOR NEW SITE OFFICE IN JEBEL ALI. PLEASE CALL.",
  }),
  person("en", "Call me", { name: "Rashid", phone: "+971 52 888 1010", message: "Call me" }, 9_000),
  person("en", "no message at all", {
    industry: "Hospitality",
    name: "Grace Okafor",
    email: "grace.okafor@palmcourthotel.com",
    phone: "+971 56 120 3344",
    companyName: "Palm Court Hotel",
  }),
  person(
    "en",
    "autofilled and sent within seconds, no message",
    {
      name: "Sarah Thompson",
      email: "sarah.thompson@outlook.com",
      phone: "+971 50 777 2468",
      companyName: "Thompson Interiors",
    },
    2_600,
  ),
  person(
    "en",
    "autofilled, a message pasted",
    {
      industry: "Healthcare",
      name: "Dr. Meera Iyer",
      email: "meera@smilecare.ae",
      phone: "+971 50 640 0091",
      companyName: "SmileCare Dental Clinic",
      message:
        "We are opening a second clinic in Al Barsha and need the network, Wi-Fi, CCTV and the X-ray PC connected to our practice software.",
    },
    4_200,
  ),
  person("en", "a fintech that names crypto", {
    industry: "Fintech",
    name: "Viktor Hansen",
    email: "viktor@dunecapital.io",
    companyName: "Dune Capital",
    message:
      "I found your website while looking for a managed IT provider. We are a small cryptocurrency exchange in DIFC and need 24/7 monitoring of our office firewall and laptops.",
  }),
  person("en", "a website problem that names its Google ranking", {
    industry: "E-Commerce",
    name: "Hannah Lee",
    email: "hannah@petparadise.ae",
    message:
      "Since our hosting moved last month the site is slow and our Google ranking dropped. Can you check the server and the SSL certificate?",
  }),
  person("en", "a ransomware demand in bitcoin", {
    industry: "Manufacturing",
    name: "Karim Aziz",
    email: "karim.aziz@gulfplastics.ae",
    phone: "+971 6 543 2100",
    companyName: "Gulf Plastics Factory",
    message:
      "URGENT: our file server is encrypted and there is a note asking for bitcoin. Nobody has paid anything. We need someone on site in Sharjah today.",
  }),
  person("en", "asks about a mailing list of their own", {
    industry: "Education",
    name: "Fiona Walsh",
    email: "f.walsh@brightstartnursery.ae",
    companyName: "Bright Start Nursery",
    message:
      "Parents stopped receiving our newsletter. We send it from Mailchimp to our parents' email list; could our domain's SPF or DKIM be the problem?",
  }),
  person("en", "short and to the point", {
    name: "Tariq",
    email: "tariq@zaabeeltrading.com",
    message: "Printer not working",
  }),
  person("en", "a company name with a dot", {
    industry: "Information Technology",
    name: "Chen Wei",
    email: "chen@cloud9.ae",
    companyName: "Cloud9.ae FZ-LLC",
    message: "We resell software and need a partner for on-site installations across the UAE. Can we talk next week?",
  }),
  person("en", "a long, detailed request", {
    industry: "Oil and Gas",
    name: "James Whitaker",
    email: "j.whitaker@petroserve-me.com",
    phone: "+971 2 612 7788",
    companyName: "PetroServe Middle East",
    message:
      "We are relocating our Abu Dhabi office (45 staff) to a new floor in March. We need structured cabling for 60 points, two racks moved, the Fortinet firewall and Cisco switches reconfigured, and the Teams Rooms in three meeting rooms set up again. Please send a proposal and your availability for a site survey.",
  }),
  person("en", "Hindi in Latin letters", {
    name: "Rakesh Sharma",
    phone: "+971 55 909 1212",
    companyName: "Sharma Textiles",
    message:
      "Namaste, hamare office mein 8 computer hai, internet bahut slow hai. Aap kal aa sakte ho? Please call karo.",
  }),
  person("en", "a Russian-speaking customer", {
    industry: "Hospitality",
    name: "Алексей Смирнов",
    email: "a.smirnov@marinaresidence.ae",
    phone: "+971 58 300 4455",
    companyName: "Marina Residence",
    message:
      "Здравствуйте! Нам нужна поддержка для ресепшена: 4 компьютера, принтер и Wi-Fi для гостей. Можно ли заключить договор на обслуживание?",
  }),
  person("en", "a Russian speaker writing English", {
    name: "Olga Petrova",
    email: "olga.petrova@yandex.ru",
    message: "Hello, I have small office in JLT, need help with backup of computers and email on phones. Thank you",
  }),
  person("en", "Urdu in Latin letters", {
    name: "Imran Qureshi",
    phone: "050-4411223",
    message: "Bhai laptop ka screen toot gaya hai, repair kitne ka hoga? Deira mein shop hai.",
  }),
  person("en", "a government entity", {
    industry: "Government",
    name: "Mariam Al Suwaidi",
    email: "mariam.alsuwaidi@example.gov.ae",
    phone: "+971 4 222 1000",
    message:
      "We would like a quotation for an annual maintenance contract covering 150 workstations, with a four-hour response time.",
  }),
  person("en", "asks whether they can help with their website", {
    industry: "Retail",
    name: "Nadia Haddad",
    email: "nadia@bloomflowers.ae",
    companyName: "Bloom Flowers",
    message:
      "Do you also help with websites? Our WordPress site shows a database error since this morning and the florist orders are stuck.",
  }),
  person("ar", "a price question", {
    industry: "Construction",
    name: "خالد المهيري",
    email: "khalid@almheiri-contracting.ae",
    phone: "+971 50 123 9876",
    companyName: "المهيري للمقاولات",
    message: "السلام عليكم، كم تكلفة عقد الصيانة السنوي لمكتب فيه 25 جهاز كمبيوتر؟",
  }),
  person("ar", "the price question at its shortest", {
    name: "أبو أحمد",
    phone: "0501112233",
    message: "بكم الساعة؟",
  }),
  person("ar", "English product names", {
    industry: "Healthcare",
    name: "د. سارة الكعبي",
    email: "sara.alkaabi@alnoorclinic.ae",
    companyName: "عيادة النور",
    message:
      "نحتاج تركيب Microsoft 365 و Teams لجميع الموظفين، ونقل البريد من Gmail، وإعداد جهاز Synology للنسخ الاحتياطي.",
  }),
  person("ar", "Arabic-Indic digits", {
    industry: "Hospitality",
    name: "فاطمة الزعابي",
    email: "fatima@sahara-cafe.ae",
    phone: "٠٥٠٦٦٦٧٧٨٨",
    companyName: "مقهى الصحراء",
    message: "عندنا ٣ فروع ونحتاج كاميرات مراقبة وشبكة واي فاي في كل فرع، ونظام نقاط بيع مربوط بالمخزون.",
  }),
  person("ar", "Call me", { name: "سالم", phone: "+971 55 444 3322", message: "اتصلوا علي" }, 8_000),
  person("ar", "no message at all", {
    industry: "Education",
    name: "مريم الشامسي",
    email: "mariam@alamal-school.ae",
    phone: "+971 6 555 1234",
    companyName: "مدرسة الأمل الخاصة",
  }),
  person(
    "ar",
    "autofilled and sent within seconds",
    { name: "عبدالله الحمادي", email: "abdulla.alhammadi@icloud.com", phone: "+971 50 909 8080", message: "" },
    2_900,
  ),
  person("ar", "a real link", {
    industry: "E-Commerce",
    name: "نورة السويدي",
    email: "noura@abayahouse.ae",
    companyName: "دار العبايات",
    message: "موقعنا https://abayahouse.ae لا يفتح من الجوال منذ أمس، هل تقدرون تشوفون المشكلة اليوم؟",
  }),
  person("ar", "diacritics and tatweel", {
    name: "يـوسـف البلوشي",
    email: "yousuf@baloushi-trading.com",
    companyName: "البلوشي للتجارة",
    message: "نَحتاجُ إلى صيانةٍ دوريّة لأجهزة المكتب، وشكـراً.",
  }),
  person("ar", "a website found, and an offer asked for", {
    industry: "Consulting",
    name: "هند العلي",
    email: "hind@alali-consult.ae",
    message: "شفت موقعكم وحبيت أسأل إذا عندكم عرض خاص للشركات الصغيرة، عندنا ٥ موظفين فقط.",
  }),
  person("ar", "a long request", {
    industry: "Oil and Gas",
    name: "م. سعيد النعيمي",
    email: "saeed.alnuaimi@gulfdrill.ae",
    phone: "+971 2 633 4455",
    companyName: "الخليج للحفر",
    message:
      "ننتقل إلى مكتب جديد في مصفح الشهر القادم، ونحتاج تمديد شبكة لخمسين نقطة، ونقل السيرفرات، وإعداد الجدار الناري، وربط الفرع الجديد بالمقر الرئيسي عبر VPN. نرجو إرسال عرض سعر وموعد لزيارة الموقع.",
  }),
  person("ar", "a fintech that names digital currencies", {
    industry: "Fintech",
    name: "ريم المنصوري",
    email: "reem@wasel-pay.ae",
    companyName: "واصل للدفع",
    message: "نحن شركة ناشئة في مجال العملات الرقمية ونحتاج دعم فني على مدار الساعة لأجهزة الموظفين والشبكة.",
  }),
  person("ar", "Gulf dialect, to the point", {
    name: "حمد الكتبي",
    phone: "0567788990",
    message: "الطابعة ما تطبع والنت يفصل كل شوي، ابي احد يجيني اليوم اذا ممكن",
  }),
  person("ar", "a government entity", {
    industry: "Government",
    name: "عائشة المرزوقي",
    email: "aisha.almarzooqi@example.gov.ae",
    message: "نرغب في الحصول على عرض سعر لعقد صيانة سنوي يشمل ١٢٠ جهازًا مع زمن استجابة لا يتجاوز أربع ساعات.",
  }),
  person("ar", "a company with English letters in its name", {
    industry: "Media",
    name: "ليلى حداد",
    email: "layla@pixelmedia.ae",
    companyName: "Pixel Media ميديا",
    message: "نحتاج أجهزة Mac للمونتاج مع شبكة سريعة وخادم تخزين NAS، هل توفرون التركيب والدعم؟",
  }),
  person("ar", "an e-mail problem", {
    industry: "Insurance",
    name: "ماجد الظاهري",
    email: "majed@alamaninsurance.ae",
    message: "الإيميلات تروح عند العملاء في الرسائل المزعجة، وما نعرف السبب. نحتاج أحد يراجع إعدادات الدومين.",
  }),
  person("ar", "a phone number written with spaces and a plus", {
    name: "شيخة الفلاسي",
    phone: "+٩٧١ ٥٠ ٢٢٢ ٣٣٣٣",
    companyName: "الفلاسي للعطور",
    message: "نبي نظام كاشير جديد لثلاث محلات، متى تقدرون تزورونا؟",
  }),
  person("ar", "asks about the mailing list of their own", {
    industry: "Education",
    name: "منى الهاشمي",
    email: "mona@future-academy.ae",
    message: "ما نقدر نرسل النشرة لأولياء الأمور من القائمة البريدية حقتنا، هل المشكلة في السيرفر؟",
  }),
  person("ar", "short", { name: "راشد", email: "rashid.almazrouei@gmail.com", message: "ابي عرض سعر" }),
  person("ar", "a customer who writes English on the Arabic page", {
    industry: "Aviation",
    name: "Captain Ali Rahman",
    email: "ali.rahman@skylinecargo.ae",
    message: "Hello, we need the hangar office Wi-Fi extended and two new access points. When can you come?",
  }),
];

/** Spam a person typed at a person's pace, with the page's proof: at least three in four must be held. */
export const TYPED_SPAM: CorpusEnquiry[] = [
  person("en", "SEO", {
    name: "Jessica Miller",
    email: "jessica.seo.pro@gmail.com",
    companyName: "Rank Masters",
    message:
      "Hi, I came across your website and noticed it is not ranking on the first page of Google for your main keywords. We can help you with our SEO services. Let me know if you are interested.",
  }),
  person("en", "SEO, shorter", {
    name: "Mike",
    email: "mike@webrankexperts.net",
    message:
      "Want more customers? Our SEO experts can get your business to the top of Google in 30 days. Reply to this email.",
  }),
  person("en", "web design", {
    name: "Emily Clark",
    email: "emily.designs@outlook.com",
    message:
      "Hello, I visited your website and it looks outdated. We offer website redesign at affordable prices, mobile friendly and fast. Would you be interested in a free consultation?",
  }),
  person("en", "apps", {
    name: "Sam Patel",
    email: "sam@appcrafters.in",
    companyName: "AppCrafters",
    message:
      "We are a team of 50+ developers offering mobile app development services for iOS and Android. Are you interested in building an app for your business? Special offer this month.",
  }),
  person("en", "guest posts", {
    name: "Anna Brooks",
    email: "anna.brooks.outreach@gmail.com",
    message:
      "Hi there, I would like to write a guest post for your website. I can also offer dofollow backlinks from high domain authority sites. What is your price for a sponsored post?",
  }),
  person("en", "crypto", {
    name: "Robert Chen",
    email: "robert.invest@protonmail.com",
    message:
      "Earn passive income with our crypto trading platform. Guaranteed returns of 20% per month. Limited time offer, WhatsApp me for details.",
  }),
  person("en", "loans", {
    name: "Lisa Morgan",
    email: "lisa@fastbizfunding.com",
    companyName: "Fast Biz Funding",
    message:
      "Your business is pre approved for up to $250,000 in working capital loans. No credit check, funds in 24 hours. Reply STOP to opt out.",
  }),
  person("en", "lead lists", {
    name: "David Wilson",
    email: "david@datamatch-leads.com",
    message:
      "Would you be interested in a verified email list of IT decision makers in the UAE and GCC? We have 25,000 B2B leads with direct contacts. Let me know and I will send a sample.",
  }),
  person("en", "an attendee list", {
    name: "Kelly Adams",
    email: "kelly.adams@eventdatahub.com",
    message:
      "Hi, are you interested in acquiring the attendees list of GITEX Global 2026? It includes 40,000 verified contacts. Kindly reply with your target audience.",
  }),
  person("en", "a fake copyright notice", {
    name: "Legal Department",
    email: "notice@imagerights-claims.com",
    message:
      "Your website uses copyrighted images owned by our client. This is a copyright infringement notice under the DMCA. Remove the images within 48 hours or your website will be taken down. See the proof here: https://sites.google.com/view/proof-images-7781",
  }),
  person("en", "social media", {
    name: "Chloe",
    email: "chloe.smm@yahoo.com",
    message:
      "Hi! I noticed your brand is not very active on Instagram. Our social media management services can grow your followers. Free trial for one week, are you interested?",
  }),
  person("en", "lead generation", {
    name: "Brian Foster",
    email: "brian@b2bgrowthpartners.co",
    message:
      "We help businesses like yours book 15-20 qualified appointments every month with our lead generation services. Would you be interested in a quick call?",
  }),
  person("ar", "SEO", {
    name: "أحمد المصري",
    email: "seo.ahmed2025@gmail.com",
    message:
      "السلام عليكم، نقدم لكم خدمات تحسين محركات البحث (SEO) لتصدر نتائج البحث في جوجل وزيادة الزيارات لموقعكم بأسعار منافسة.",
  }),
  person("ar", "web design", {
    name: "شركة الإبداع الرقمي",
    email: "info@ebdaa-digital.com",
    message: "يسعدنا أن نقدم لكم خدمات تصميم مواقع احترافية وبرمجة تطبيقات الجوال بأسعار رمزية. عرض خاص لفترة محدودة!",
  }),
  person("ar", "digital marketing", {
    name: "محمد",
    email: "m.marketing.pro@hotmail.com",
    message:
      "هل أنت مهتم بزيادة مبيعاتك؟ نوفر لكم خدمات التسويق الالكتروني وإدارة حسابات التواصل الاجتماعي. تواصل معنا عبر الواتساب.",
  }),
  person("ar", "crypto", {
    name: "خبير التداول",
    email: "trade.expert.ar@gmail.com",
    message: "اربح دخل سلبي يومي من تداول العملات الرقمية والبيتكوين، أرباح مضمونة ١٠٠٪. لا تفوت الفرصة!",
  }),
  person("ar", "loans", {
    name: "مكتب التمويل",
    phone: "+971 55 000 1122",
    message: "تمويل شخصي فوري بدون كفيل وبدون تحويل راتب، قروض شخصية للمواطنين والمقيمين. راسلنا واتساب.",
  }),
  person("ar", "lead lists", {
    name: "قاعدة البيانات",
    email: "data.gulf@outlook.com",
    message:
      "نوفر لكم قاعدة بيانات عملاء لجميع الشركات في الإمارات مع أرقام جوالات المدراء، ورسائل جماعية بأسعار مناسبة للجميع.",
  }),
  person("ar", "guest posts", {
    name: "سارة",
    email: "sara.backlinks@gmail.com",
    message: "مرحبًا، نقدم مقالات ضيف وروابط خلفية من مواقع عربية قوية لرفع ترتيب موقعك. إذا كنت مهتمًا راسلني.",
  }),
  person("ar", "a fake copyright notice", {
    name: "قسم الشؤون القانونية",
    email: "legal.notice.me@gmail.com",
    message:
      "موقعكم يستخدم صورًا محمية بموجب حقوق الطبع والنشر، وهذا انتهاك حقوق النشر. سيتم اتخاذ إجراءات قانونية وإغلاق موقعك خلال ٤٨ ساعة.",
  }),
  person("ar", "an investment", {
    name: "مستشار استثمار",
    email: "invest.uae.2026@yahoo.com",
    message: "فرصة استثمارية مميزة بربح مضمون شهريًا، هل أنت مهتم؟",
  }),
  person("en", "a link in the company name", {
    name: "Tom",
    email: "tom@cheap-hosting-deals.biz",
    companyName: "https://cheap-hosting-deals.biz",
    message: "Best hosting deals for your business.",
  }),
  person("en", "forum links", {
    name: "Mark",
    email: "mark.b@mail.com",
    message: "Great site! [url=https://best-replica-watches.example]replica watches[/url] cheap prices.",
  }),
  person("en", "a throwaway address", {
    name: "Jenny",
    email: "jenny_offers@mailinator.com",
    message: "Hi, we provide web development services at a low cost. Let me know if you are interested.",
  }),
];

/** What scripts post straight at the API, and the price-asking family that arrives in a dozen languages. */
export const ROBOT_MESSAGES: Enquiry[] = [
  "Hi, I wanted to know your price.",
  "Hola, quería saber su precio.",
  "Hallo, ich wollte Ihren Preis wissen.",
  "Bonjour, je voulais connaître votre prix.",
  "Ciao, volevo sapere il prezzo.",
  "Olá, eu queria saber seu preço.",
  "Привет, я хотел узнать вашу цену.",
  "مرحبا، أردت أن أعرف سعرك.",
  "Merhaba, fiyatınızı öğrenmek istedim.",
  "Hej, jeg ville vide din pris.",
  "你好，我想知道你的价格。",
  "Xin chào, tôi muốn biết giá của bạn.",
].map((message, index) =>
  enquiry({
    name: ["Robertnuh", "Jamesgot", "Mariavek", "Dennisbow", "Ivanpem", "Aisha"][index % 6],
    email: `robot${index}@example.net`,
    phone: `8${String(index).padStart(10, "4")}`,
    companyName: "google",
    message,
  }),
);
