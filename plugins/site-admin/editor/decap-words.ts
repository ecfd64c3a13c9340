/**
 * Decap's own words (its buttons, states and messages) in the editor's two
 * languages. Decap ships no Arabic: this is its English phrase book
 * (decap-cms-locales, `en`) written in Arabic as a Gulf business editor reads
 * it, with the site's terms (docs/languages.md): نشر for Publish, مسودة for a
 * draft, صورة for a picture. Decap fills a phrase missing here from English.
 *
 * English keeps Decap's words but for one: a field that breaks its rule shows
 * the rule's own sentence (cms-config.ts writes each as one), not "Label
 * didn't match the pattern: …." wrapped around it.
 */
import type { Phrases } from "../previews/decap";

const english: Phrases = {
  editor: { editorControlPane: { widget: { regexPattern: "%{pattern}" } } },
};

/** Decap's words in Arabic (the browser tests read theirs from here). */
export const decapArabic = {
  auth: {
    login: "تسجيل الدخول",
    loggingIn: "جارٍ تسجيل الدخول…",
    loginWithNetlifyIdentity: "تسجيل الدخول عبر Netlify Identity",
    loginWithAzure: "تسجيل الدخول عبر Azure",
    loginWithBitbucket: "تسجيل الدخول عبر Bitbucket",
    loginWithGitHub: "تسجيل الدخول عبر GitHub",
    loginWithGitLab: "تسجيل الدخول عبر GitLab",
    loginWithGitea: "تسجيل الدخول عبر Gitea",
    loginWithForgejo: "تسجيل الدخول عبر Forgejo",
    errors: {
      email: "يُرجى إدخال بريدك الإلكتروني.",
      password: "يُرجى إدخال كلمة المرور.",
      identitySettings: "تعذّر الوصول إلى إعدادات تسجيل الدخول. اطلب من مطوّر الموقع مراجعتها.",
    },
  },
  app: {
    header: {
      content: "المحتوى",
      workflow: "مراحل النشر",
      media: "الصور والملفات",
      quickAdd: "إضافة سريعة",
    },
    app: {
      errorHeader: "تعذّر تحميل إعدادات المحرّر",
      configErrors: "أخطاء في الإعدادات",
      checkConfigYml: "اطلب من مطوّر الموقع مراجعة ملف config.yml.",
      loadingConfig: "جارٍ تحميل الإعدادات…",
      waitingBackend: "بانتظار الاتصال بمستودع المحتوى…",
    },
    notFoundPage: {
      header: "الصفحة غير موجودة",
    },
  },
  collection: {
    sidebar: {
      collections: "أقسام المحتوى",
      allCollections: "جميع أقسام المحتوى",
      searchAll: "البحث في كل المحتوى",
      searchIn: "البحث في",
    },
    collectionTop: {
      sortBy: "الترتيب حسب",
      viewAs: "طريقة العرض",
      viewAsList: "عرض على شكل قائمة",
      viewAsGrid: "عرض على شكل شبكة",
      newButton: "＋ %{collectionLabel}",
      newButtonAriaLabel: "إنشاء ملف جديد في %{collectionLabel}",
      ascending: "تصاعدي",
      descending: "تنازلي",
      searchResults: "نتائج البحث عن «%{searchTerm}»",
      searchResultsInCollection: "نتائج البحث عن «%{searchTerm}» في %{collection}",
      filterBy: "التصفية حسب",
      groupBy: "التجميع حسب",
    },
    entries: {
      loadingEntries: "جارٍ تحميل الملفات…",
      cachingEntries: "جارٍ تجهيز الملفات…",
      longerLoading: "قد يستغرق ذلك بضع دقائق",
      noEntries: "لا توجد ملفات",
      unpublishedHeader: "ملفات لم تُنشر بعد",
    },
    groups: {
      other: "أخرى",
      negateLabel: "ليس %{label}",
    },
    defaultFields: {
      author: {
        label: "الكاتب",
      },
      updatedOn: {
        label: "تاريخ التعديل",
      },
    },
  },
  editor: {
    editorControl: {
      field: {
        optional: "اختياري",
        widgetLabel: "حقل %{widgetLabel}",
      },
    },
    editorControlPane: {
      widget: {
        required: "حقل «%{fieldLabel}» مطلوب.",
        regexPattern: "%{pattern}",
        processing: "جارٍ تجهيز «%{fieldLabel}».",
        range: "يجب أن يكون «%{fieldLabel}» بين %{minValue} و%{maxValue}.",
        min: "يجب ألا يقل «%{fieldLabel}» عن %{minValue}.",
        max: "يجب ألا يزيد «%{fieldLabel}» على %{maxValue}.",
        rangeCount: "يجب أن يضم «%{fieldLabel}» من %{minCount} إلى %{maxCount} من البنود.",
        rangeCountExact: "يجب أن يضم «%{fieldLabel}» عدد %{count} من البنود تمامًا.",
        rangeMin: "يجب ألا يقل عدد بنود «%{fieldLabel}» عن %{minCount}.",
        rangeMax: "يجب ألا يزيد عدد بنود «%{fieldLabel}» على %{maxCount}.",
        invalidPath: "المسار «%{path}» غير صالح",
        pathExists: "المسار «%{path}» موجود من قبل",
      },
      i18n: {
        writingInLocale: "لغة الكتابة: %{locale}",
        copyFromLocale: "النسخ من لغة أخرى",
        copyFromLocaleConfirm: "هل تريد نسخ المحتوى من لغة %{locale}؟\nسيُستبدل كل ما كتبته بهذه اللغة.",
      },
    },
    editor: {
      onLeavePage: "هل تريد مغادرة هذه الصفحة؟ لم تُحفظ تغييراتك بعد.",
      onUpdatingWithUnsavedChanges: "لديك تغييرات غير محفوظة، فاحفظها قبل تغيير الحالة.",
      onPublishingNotReady: "يُرجى تغيير الحالة إلى «جاهز» قبل النشر.",
      onPublishingWithUnsavedChanges: "لديك تغييرات غير محفوظة، فاحفظها قبل النشر.",
      onPublishing: "هل تريد نشر هذا الملف؟",
      onUnpublishing: "هل تريد إلغاء نشر هذا الملف؟",
      onDeleteWithUnsavedChanges: "هل تريد حذف هذا الملف المنشور، ومعه التغييرات غير المحفوظة في هذه الجلسة؟",
      onDeletePublishedEntry: "هل تريد حذف هذا الملف المنشور؟",
      onDeleteUnpublishedChangesWithUnsavedChanges:
        "سيُحذف كل ما لم يُنشر من تغييرات هذا الملف، ومعه التغييرات غير المحفوظة في هذه الجلسة. هل تريد المتابعة؟",
      onDeleteUnpublishedChanges: "سيُحذف كل ما لم يُنشر من تغييرات هذا الملف. هل تريد المتابعة؟",
      loadingEntry: "جارٍ تحميل الملف…",
      confirmLoadBackup: "وُجدت نسخة محفوظة في هذا المتصفح من تعديلاتك على هذا الملف. هل تريد استعادتها؟",
    },
    editorInterface: {
      toggleI18n: "إظهار اللغتين معًا أو لغة واحدة",
      togglePreview: "إظهار المعاينة أو إخفاؤها",
      toggleScrollSync: "تمرير العمودين معًا",
      toggleNotes: "إظهار الملاحظات أو إخفاؤها",
    },
    editorNotesPane: {
      title: "الملاحظات",
      emptyState: "لا توجد ملاحظات بعد. أضف أول ملاحظة أدناه.",
      addNote: "إضافة ملاحظة",
      addPlaceholder: "أضف ملاحظة…",
      editPlaceholder: "عدّل ملاحظتك…",
      save: "حفظ",
      cancel: "إلغاء",
      edit: "تعديل",
      delete: "حذف",
      resolve: "تمت المعالجة",
      unresolve: "إعادة فتح",
      confirmDelete: "هل تريد حذف هذه الملاحظة؟",
      shortcut: "اضغط Ctrl+Enter لإضافة الملاحظة بسرعة",
    },
    editorToolbar: {
      publishing: "جارٍ النشر…",
      publish: "نشر",
      published: "منشور",
      unpublish: "إلغاء النشر",
      duplicate: "نسخ الملف",
      unpublishing: "جارٍ إلغاء النشر…",
      publishAndCreateNew: "نشر وإنشاء ملف جديد",
      publishAndDuplicate: "نشر ونسخ الملف",
      deleteUnpublishedChanges: "حذف التغييرات غير المنشورة",
      deleteUnpublishedEntry: "حذف الملف غير المنشور",
      deletePublishedEntry: "حذف الملف المنشور",
      deleteEntry: "حذف الملف",
      saving: "جارٍ الحفظ…",
      save: "حفظ",
      statusInfoTooltipDraft: "هذا الملف مسودة. لإرساله للمراجعة، غيّر حالته إلى «قيد المراجعة».",
      statusInfoTooltipInReview:
        "هذا الملف قيد المراجعة ولا يلزم منك أي إجراء، ويمكنك مع ذلك مواصلة التعديل عليه أثناء مراجعته.",
      deleting: "جارٍ الحذف…",
      updating: "جارٍ التحديث…",
      status: "الحالة: %{status}",
      backCollection: "تحرير: %{collectionLabel}",
      unsavedChanges: "تغييرات غير محفوظة",
      changesSaved: "حُفظت التغييرات",
      draft: "مسودة",
      inReview: "قيد المراجعة",
      ready: "جاهز",
      publishNow: "نشر الآن",
      deployPreviewPendingButtonLabel: "التحقق من المعاينة",
      deployPreviewButtonLabel: "عرض المعاينة",
      deployButtonLabel: "عرض على الموقع",
    },
    editorWidgets: {
      markdown: {
        bold: "عريض",
        italic: "مائل",
        strikethrough: "يتوسطه خط",
        code: "شيفرة",
        link: "رابط",
        linkPrompt: "أدخل عنوان الرابط",
        headings: "العناوين",
        quote: "اقتباس",
        bulletedList: "قائمة نقطية",
        numberedList: "قائمة مرقّمة",
        addComponent: "إضافة مكوّن",
        richText: "نص منسّق",
        markdown: "Markdown",
        toggleMode: {
          rich: "التبديل إلى النص المنسّق",
          markdown: "التبديل إلى Markdown",
        },
      },
      image: {
        choose: "اختيار صورة",
        chooseMultiple: "اختيار صور",
        chooseUrl: "إدراج من رابط",
        replaceUrl: "الاستبدال برابط",
        promptUrl: "أدخل رابط الصورة",
        chooseDifferent: "اختيار صورة أخرى",
        addMore: "إضافة صور",
        remove: "إزالة الصورة",
        removeAll: "إزالة كل الصور",
      },
      file: {
        choose: "اختيار ملف",
        chooseUrl: "إدراج من رابط",
        chooseMultiple: "اختيار ملفات",
        replaceUrl: "الاستبدال برابط",
        promptUrl: "أدخل رابط الملف",
        chooseDifferent: "اختيار ملف آخر",
        addMore: "إضافة ملفات",
        remove: "إزالة الملف",
        removeAll: "إزالة كل الملفات",
      },
      unknownControl: {
        noControl: "لا يوجد عنصر تحكم للحقل «%{widget}».",
      },
      unknownPreview: {
        noPreview: "لا توجد معاينة للحقل «%{widget}».",
      },
      headingOptions: {
        headingOne: "عنوان 1",
        headingTwo: "عنوان 2",
        headingThree: "عنوان 3",
        headingFour: "عنوان 4",
        headingFive: "عنوان 5",
        headingSix: "عنوان 6",
      },
      datetime: {
        now: "الآن",
        clear: "مسح",
        setToNow: "جعل «%{fieldLabel}» الآن",
      },
      list: {
        add: "إضافة %{item}",
        addType: "إضافة %{item}",
      },
      object: {
        expand: "توسيع",
        collapse: "طيّ",
      },
    },
  },
  mediaLibrary: {
    mediaLibraryCard: {
      draft: "مسودة",
      copy: "نسخ",
      copyUrl: "نسخ الرابط",
      copyPath: "نسخ المسار",
      copyName: "نسخ الاسم",
      copied: "نُسخ",
    },
    mediaLibrary: {
      onDelete: "هل تريد حذف الملفات المحددة؟",
      fileTooLarge: "الملف كبير جدًا.\nلا يُقبل ملف يزيد حجمه على %{size} كيلوبايت.",
    },
    mediaLibraryModal: {
      loading: "جارٍ التحميل…",
      close: "إغلاق",
      noResults: "لا توجد نتائج.",
      noAssetsFound: "لا توجد ملفات.",
      noImagesFound: "لا توجد صور.",
      private: "خاص ",
      images: "الصور",
      mediaAssets: "الصور والملفات",
      search: "بحث…",
      uploading: "جارٍ الرفع…",
      upload: "رفع صورة",
      download: "تنزيل",
      deleting: "جارٍ الحذف…",
      deleteSelected: "حذف المحدد",
      chooseSelected: "اختيار المحدد",
    },
  },
  ui: {
    default: {
      goBackToSite: "العودة إلى الموقع",
    },
    errorBoundary: {
      title: "خطأ",
      details: "حدث خطأ، يُرجى ",
      reportIt: "إبلاغ مطوّر الموقع.",
      detailsHeading: "التفاصيل",
      privacyWarning: "يتضمّن البلاغ رسالة الخطأ وبيانات تقنية.\nتحقّق منها واحذف أي بيانات حسّاسة قبل إرساله.",
      recoveredEntry: {
        heading: "المحتوى المستعاد",
        warning: "انسخ هذا المحتوى واحفظه في مكان آخر قبل مغادرة الصفحة!",
        copyButtonLabel: "نسخ إلى الحافظة",
      },
    },
    settingsDropdown: {
      logOut: "تسجيل الخروج",
      account: "خيارات الحساب",
    },
    toast: {
      onFailToLoadEntries: "تعذّر تحميل الملف: %{details}",
      onFailToLoadDeployPreview: "تعذّر تحميل المعاينة: %{details}",
      onFailToPersist: "تعذّر حفظ الملف: %{details}",
      onFailToDelete: "تعذّر حذف الملف: %{details}",
      onFailToUpdateStatus: "تعذّر تغيير الحالة: %{details}",
      missingRequiredField: "لم تملأ حقلًا مطلوبًا. أكمله قبل الحفظ.",
      entrySaved: "حُفظ الملف",
      entryPublished: "نُشر الملف",
      entryUnpublished: "أُلغي نشر الملف",
      onFailToPublishEntry: "تعذّر النشر: %{details}",
      onFailToUnpublishEntry: "تعذّر إلغاء النشر: %{details}",
      entryUpdated: "تغيّرت حالة الملف",
      onDeleteUnpublishedChanges: "حُذفت التغييرات غير المنشورة",
      noteAdded: "أُضيفت الملاحظة",
      onFailToAddNote: "تعذّرت إضافة الملاحظة: %{details}",
      noteUpdated: "عُدّلت الملاحظة",
      onFailToUpdateNote: "تعذّر تعديل الملاحظة: %{details}",
      noteDeleted: "حُذفت الملاحظة",
      onFailToDeleteNote: "تعذّر حذف الملاحظة: %{details}",
      noteResolved: "عولجت الملاحظة",
      noteReopened: "أُعيد فتح الملاحظة",
      onFailToToggleNote: "تعذّر تغيير حالة الملاحظة: %{details}",
      onFailToAuth: "%{details}",
      onLoggedOut: "سُجّل خروجك. احفظ نسخة من أي محتوى لم يُحفظ، ثم سجّل الدخول مرة أخرى",
      onBackendDown: "تعذّر الاتصال بمستودع المحتوى. لمزيد من المعلومات: %{details}",
    },
  },
  workflow: {
    workflow: {
      loading: "جارٍ تحميل مراحل النشر",
      workflowHeading: "مراحل النشر",
      newPost: "ملف جديد",
      description: "%{smart_count} من الملفات بانتظار المراجعة، و%{readyCount} جاهزة للنشر.",
      dateFormat: "D MMMM",
    },
    workflowCard: {
      lastChange: "%{date} بواسطة %{author}",
      lastChangeNoAuthor: "%{date}",
      lastChangeNoDate: "بواسطة %{author}",
      deleteChanges: "حذف التغييرات",
      deleteNewEntry: "حذف الملف الجديد",
      publishChanges: "نشر التغييرات",
      publishNewEntry: "نشر الملف الجديد",
    },
    workflowList: {
      onDeleteEntry: "هل تريد حذف هذا الملف؟",
      onPublishingNotReadyEntry: "لا يُنشر إلا ما حالته «جاهز». اسحب البطاقة إلى عمود «جاهز» لتتمكن من نشرها.",
      onPublishEntry: "هل تريد نشر هذا الملف؟",
      draftHeader: "المسودات",
      inReviewHeader: "قيد المراجعة",
      readyHeader: "جاهز",
      currentEntries: "%{smart_count} من الملفات",
    },
  },
} satisfies Phrases;

/** Decap's phrase book with some phrases put in place of its own. */
function withPhrases(book: Phrases | undefined, changes: Phrases): Phrases {
  const merged: Phrases = { ...book };
  for (const [key, change] of Object.entries(changes)) {
    const own = merged[key];
    merged[key] = typeof change === "object" && typeof own === "object" ? withPhrases(own, change) : change;
  }
  return merged;
}

/** Gives Decap its words in each of the editor's languages, before it starts. */
export function registerEditorWords(cms: {
  getLocale(locale: string): Phrases | undefined;
  registerLocale(locale: string, phrases: Phrases): void;
}): void {
  // Decap's English is its own phrase book, registered when its bundle loads: it is changed, not replaced.
  cms.registerLocale("en", withPhrases(cms.getLocale("en"), english));
  cms.registerLocale("ar", decapArabic);
}
