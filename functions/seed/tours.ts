/**
 * The demo tours: invented artists and productions, written in both languages, and the stops
 * each makes. A stop's day is counted from the anchor in the venue's own calendar; a negative
 * day is a past show (CLOSE), "saturday"/"sunday" is the coming weekend.
 */
import type { PosterPaletteName } from "../db/schema";
import type { CategorySlug, TagSlug } from "./taxonomy";

export type StopDay = number | "saturday" | "sunday";

export type StopSpec = {
  venue: string;
  on: StopDay;
  /** Sessions in the show's run; left out, the schedule picks 1-4 by category. */
  sessions?: number;
  /** Status other than the one the date implies (ONSALE ahead, CLOSE behind). */
  status?: "PENDING" | "CANCEL" | "DISABLED";
};

export type TourSpec = {
  slug: string;
  category: CategorySlug;
  titleEn: string;
  titleZh: string;
  artistEn: string;
  artistZh: string;
  descriptionEn: string;
  descriptionZh: string;
  tags: TagSlug[];
  palette: PosterPaletteName;
  popularity: number;
  stops: StopSpec[];
};

const at = (venue: string, on: StopDay, sessions?: number, status?: StopSpec["status"]): StopSpec => ({ venue, on, sessions, status });

export const TOURS: TourSpec[] = [
  // --- Concerts -------------------------------------------------------------------------------
  {
    slug: "nova-seven-afterglow-world-tour", category: "concerts", tags: ["k-pop", "pop"], palette: "neon-night", popularity: 98,
    titleEn: "NOVA SEVEN World Tour: AFTERGLOW", titleZh: "NOVA SEVEN 世界巡迴演唱會《AFTERGLOW》",
    artistEn: "NOVA SEVEN", artistZh: "NOVA SEVEN",
    descriptionEn: "The seven-member group brings its biggest production yet to stadiums across Asia and Europe. Expect a 360° light show, a moving stage that crosses the floor, and every single from their record-breaking third album.",
    descriptionZh: "七人男團帶着史上最大型製作登陸亞洲及歐洲各大體育場。360度燈光效果、橫跨場內的移動舞台，加上破紀錄第三張專輯的全部主打歌，一次過呈獻。",
    stops: [at("kspo", -45, 2), at("kai-tak", "saturday", 2), at("taipei-arena", 40, 2), at("national-stadium", 62, 2), at("tokyo-dome", 95, 2), at("o2", 160, 2, "PENDING")],
  },
  {
    slug: "vivre-bloom-code-asia-tour", category: "concerts", tags: ["k-pop"], palette: "rose-quartz", popularity: 91,
    titleEn: "VIVRE 1st Asia Tour: BLOOM CODE", titleZh: "VIVRE 首次亞洲巡迴演唱會《BLOOM CODE》",
    artistEn: "VIVRE", artistZh: "VIVRE",
    descriptionEn: "Fresh from their rookie-of-the-year sweep, the five members of VIVRE set out on their first tour of Asia. The set list runs from the debut hit 'Petal Signal' to three songs never performed live before.",
    descriptionZh: "橫掃各大新人獎後，VIVRE五位成員展開首次亞洲巡迴。由出道作《Petal Signal》到三首從未公開演出的新歌，全數搬上舞台。",
    stops: [at("kspo", -70, 2), at("asiaworld", 9, 2), at("impact", 23), at("galaxy", 37, 2), at("taipei-arena", 120, 2, "PENDING")],
  },
  {
    slug: "haeon-blue-hour-concert", category: "concerts", tags: ["k-pop", "pop"], palette: "violet-haze", popularity: 84,
    titleEn: "HAEON Solo Concert: Blue Hour", titleZh: "HAEON 個人演唱會《藍調時刻》",
    artistEn: "HAEON", artistZh: "HAEON",
    descriptionEn: "HAEON steps out on his own with a night of R&B-tinged ballads and a full live band. An intimate staging, with a runway that brings him to the back of the floor.",
    descriptionZh: "HAEON首次以個人身份開騷，以R&B情歌配合現場樂隊，帶來一晚細膩演出。伸展台直達場館後方，讓每位觀眾都近在咫尺。",
    stops: [at("impact", -100), at("kspo", 5, 2), at("coliseum", 19, 2)],
  },
  {
    slug: "cheryl-mak-neon-harbour-concert", category: "concerts", tags: ["cantopop", "pop"], palette: "harbour-blue", popularity: 88,
    titleEn: "Cheryl Mak: Neon Harbour Live", titleZh: "麥芷晴《霓虹海港》演唱會",
    artistEn: "Cheryl Mak", artistZh: "麥芷晴",
    descriptionEn: "Hong Kong's favourite voice returns to the Coliseum stage in the round for a residency of harbour-city love songs. A twelve-piece string section joins her for the ballads that made her name.",
    descriptionZh: "香港人最愛的聲音重返紅館四面台，以一連串海港城市情歌連開多場。十二人弦樂團同台演繹令她成名的經典情歌。",
    stops: [at("coliseum", "sunday", 3), at("galaxy", 33), at("asiaworld", 140, 2, "PENDING")],
  },
  {
    slug: "tram-line-last-stop-reunion", category: "concerts", tags: ["cantopop", "rock"], palette: "crimson-stage", popularity: 79,
    titleEn: "Tram Line: Last Stop Reunion Concert", titleZh: "電車線《終點站》重聚演唱會",
    artistEn: "Tram Line", artistZh: "電車線",
    descriptionEn: "Ten years after their final gig, the four-piece Cantopop band is back together for one more ride. Every hit, the deep cuts fans asked for, and a new single written for the reunion.",
    descriptionZh: "最後一次演出十年後，四人樂隊再度聚首，重新出發。金曲、樂迷點名的冷門歌，加上為重聚而寫的全新單曲，一首不漏。",
    stops: [at("coliseum", 26, 2), at("galaxy", 54), at("o2", 88), at("hollywood-bowl", 102)],
  },
  {
    slug: "lin-yu-an-slow-river-world-tour", category: "concerts", tags: ["mandopop", "pop"], palette: "jade-garden", popularity: 86,
    titleEn: "Lin Yu-an: Slow River World Tour", titleZh: "林語安《慢河》世界巡迴演唱會",
    artistEn: "Lin Yu-an", artistZh: "林語安",
    descriptionEn: "The Taipei singer-songwriter takes the quiet songs of 'Slow River' to arenas on three continents. Acoustic guitars, a rising water-screen stage and her signature piano encore.",
    descriptionZh: "台北唱作人把《慢河》的溫柔歌曲帶到三大洲的場館。木結他、升降水幕舞台，還有她招牌的鋼琴安哥。",
    stops: [at("hollywood-bowl", -60), at("taipei-arena", "saturday", 2), at("asiaworld", 31), at("galaxy", 45), at("impact", 75), at("o2", 130)],
  },
  {
    slug: "hoshizora-drive-midnight-express", category: "concerts", tags: ["j-pop", "rock"], palette: "midnight-ink", popularity: 77,
    titleEn: "Hoshizora Drive Asia Tour: Midnight Express", titleZh: "星空Drive亞洲巡迴演唱會《午夜快車》",
    artistEn: "Hoshizora Drive", artistZh: "星空Drive",
    descriptionEn: "Tokyo's loudest guitar-pop band leaves home for its first Asian tour. A two-hour set of anthem choruses, built for singing along at full volume.",
    descriptionZh: "東京最響亮的結他流行樂隊首度踏出日本巡迴亞洲。兩小時全場大合唱的澎湃副歌，準備好一起高聲唱。",
    stops: [at("impact", -35), at("tokyo-dome", 12), at("asiaworld", 28), at("taipei-arena", 42), at("kspo", 58)],
  },
  {
    slug: "paper-lanterns-fire-and-paper-tour", category: "concerts", tags: ["rock"], palette: "crimson-stage", popularity: 70,
    titleEn: "The Paper Lanterns: Fire & Paper Tour", titleZh: "紙燈籠樂隊《火與紙》巡迴演唱會",
    artistEn: "The Paper Lanterns", artistZh: "紙燈籠樂隊",
    descriptionEn: "Three brothers, two drum kits and a wall of amplifiers. The indie rock band plays its new album front to back, then the favourites until curfew.",
    descriptionZh: "三兄弟、兩套鼓、一整幅擴音牆。獨立搖滾樂隊先完整演奏新專輯，再唱經典直到散場。",
    stops: [at("o2", 16), at("asiaworld", 44), at("hollywood-bowl", 72)],
  },
  {
    slug: "kairo-prism-live", category: "concerts", tags: ["electronic"], palette: "neon-night", popularity: 74,
    titleEn: "KAIRO: PRISM Live", titleZh: "KAIRO《PRISM》現場演出",
    artistEn: "KAIRO", artistZh: "KAIRO",
    descriptionEn: "The producer behind a dozen festival anthems brings a full audiovisual show indoors. Lasers, a floating LED prism and three hours of non-stop sound.",
    descriptionZh: "炮製多首音樂節神曲的監製把完整視聽演出搬進室內。激光、懸浮LED稜鏡，加上三小時不停歇的音樂。",
    stops: [at("galaxy", -33), at("asiaworld", "saturday"), at("impact", 21), at("taipei-arena", 49)],
  },
  {
    slug: "midnight-harbour-jazz-swing-under-the-stars", category: "concerts", tags: ["jazz"], palette: "golden-hour", popularity: 55,
    titleEn: "Swing Under the Stars", titleZh: "星空下的搖擺",
    artistEn: "Midnight Harbour Jazz Orchestra", artistZh: "午夜海港爵士樂團",
    descriptionEn: "A seventeen-piece big band plays the swing era's dance-floor classics with a few harbour-city arrangements of their own. Come early for a drink: the band starts on the dot.",
    descriptionZh: "十七人大樂團演奏搖擺年代的經典舞曲，並加入樂團為海港城市改編的作品。早點入場喝一杯，樂團準時開奏。",
    stops: [at("blue-tram", 3, 2), at("esplanade", 35), at("cultural-centre", 63)],
  },
  {
    slug: "victoria-harbour-symphony-new-world-nights", category: "concerts", tags: ["classical"], palette: "harbour-blue", popularity: 58,
    titleEn: "Victoria Harbour Symphony: New World Nights", titleZh: "維港交響樂團：新世界之夜",
    artistEn: "Victoria Harbour Symphony", artistZh: "維港交響樂團",
    descriptionEn: "Dvořák's 'New World' Symphony meets a new piano concerto commissioned for the orchestra's tenth season. Pre-concert talks begin an hour before the downbeat.",
    descriptionZh: "德伏扎克《新世界》交響曲，遇上樂團為第十個樂季委約的全新鋼琴協奏曲。音樂會前一小時設導賞講座。",
    stops: [at("cultural-centre", 8, 2), at("esplanade", 22)],
  },
  {
    slug: "harriet-vale-paper-boats-tour", category: "concerts", tags: ["pop"], palette: "rose-quartz", popularity: 68,
    titleEn: "Harriet Vale: Paper Boats Tour", titleZh: "夏莉葉·維爾《紙船》巡迴演唱會",
    artistEn: "Harriet Vale", artistZh: "夏莉葉·維爾",
    descriptionEn: "The London songwriter's folk-pop songs about leaving and coming home, played with a five-piece band. Her first shows in Asia.",
    descriptionZh: "倫敦唱作人以五人樂隊演繹關於離開與歸家的民謠流行曲。她首次在亞洲登台。",
    stops: [at("o2", -38), at("asiaworld", 14), at("esplanade", 27), at("taipei-arena", 41), at("hollywood-bowl", 96)],
  },
  {
    slug: "mika-reyes-golden-static-world-tour", category: "concerts", tags: ["pop"], palette: "sunset-boulevard", popularity: 90,
    titleEn: "Mika Reyes: Golden Static World Tour", titleZh: "米卡·雷耶斯《金色靜電》世界巡迴演唱會",
    artistEn: "Mika Reyes", artistZh: "米卡·雷耶斯",
    descriptionEn: "Pop's brightest new star takes 'Golden Static' around the world, with dancers, a live horn section and a confetti finale. Stadium shows in Hong Kong, Singapore and Tokyo.",
    descriptionZh: "樂壇最耀眼的新星帶着《金色靜電》環遊世界，舞蹈員、現場銅管樂隊及彩紙壓軸一應俱全。香港、新加坡及東京體育場演出。",
    stops: [at("kspo", -90), at("hollywood-bowl", 18, 2), at("o2", 34, 2), at("kai-tak", 56, 2), at("national-stadium", 70), at("tokyo-dome", 84)],
  },
  // --- Musicals -------------------------------------------------------------------------------
  {
    slug: "the-lantern-keeper-musical", category: "musicals", tags: ["broadway"], palette: "golden-hour", popularity: 82,
    titleEn: "The Lantern Keeper", titleZh: "守燈人",
    artistEn: "Original West End Company", artistZh: "倫敦西區原班人馬",
    descriptionEn: "A lighthouse keeper's daughter must keep the lamp burning through the longest night of the year. The award-winning musical sails to Asia with its original cast and full orchestra.",
    descriptionZh: "燈塔守護人的女兒，要在一年中最長的一夜守住燈火。得獎音樂劇連同原班演員及完整樂團航向亞洲。",
    stops: [at("cultural-centre", -120, 3), at("drury-lane", 4, 4), at("lyric", 38, 4)],
  },
  {
    slug: "skyline-serenade-musical", category: "musicals", tags: ["broadway"], palette: "violet-haze", popularity: 76,
    titleEn: "Skyline Serenade", titleZh: "天際小夜曲",
    artistEn: "Broadway Touring Company", artistZh: "百老匯巡演團",
    descriptionEn: "Two window cleaners, forty floors up, fall in love with the city one pane at a time. A tap-dancing, rooftop-swinging Broadway hit with a jazz score.",
    descriptionZh: "兩個在四十樓高空工作的抹窗工人，一格一格玻璃愛上這座城市。踢躂舞、天台飛躍，配上爵士樂曲的百老匯熱門劇。",
    stops: [at("lyric", "saturday", 4), at("esplanade", 45, 3), at("cultural-centre", 150, 3, "PENDING")],
  },
  {
    slug: "midnight-at-the-monarch-musical", category: "musicals", tags: ["broadway", "jazz"], palette: "crimson-stage", popularity: 65,
    titleEn: "Midnight at the Monarch", titleZh: "帝王酒店的午夜",
    artistEn: "Monarch Theatre Company", artistZh: "帝王劇團",
    descriptionEn: "One night in a grand hotel in 1929: a jewel thief, a jazz singer and a bellboy who sees everything. A glittering musical comedy with a twist before the curtain.",
    descriptionZh: "1929年豪華酒店的一夜：珠寶大盜、爵士歌手和一個甚麼都看在眼裏的行李生。閃爍華麗的音樂喜劇，謝幕前還有驚喜。",
    stops: [at("lyric", -50, 3), at("cultural-centre", 11, 4), at("drury-lane", 66, 4)],
  },
  {
    slug: "sails-of-jade-musical", category: "musicals", tags: ["broadway", "cantopop"], palette: "jade-garden", popularity: 61,
    titleEn: "Sails of Jade", titleZh: "翡翠之帆",
    artistEn: "Harbour Repertory", artistZh: "海港劇團",
    descriptionEn: "An original Cantonese musical about a fishing family in 1960s Aberdeen and the typhoon that changed their lives. Sung in Cantonese with English and Chinese surtitles.",
    descriptionZh: "原創粵語音樂劇，講述六十年代香港仔一個漁民家庭，以及改變他們一生的一場颱風。粵語演出，設中英文字幕。",
    stops: [at("lyric", 17, 3), at("cultural-centre", 200, 3, "PENDING")],
  },
  {
    slug: "paper-moon-cabaret", category: "musicals", tags: ["broadway", "jazz"], palette: "rose-quartz", popularity: 59,
    titleEn: "Paper Moon Cabaret", titleZh: "紙月亮歌舞秀",
    artistEn: "Paper Moon Company", artistZh: "紙月亮劇團",
    descriptionEn: "Torch songs, feathers and a moon made of paper: the cabaret that sold out its first season returns with new numbers. Cabaret tables are served drinks throughout.",
    descriptionZh: "情歌、羽毛和一個紙做的月亮：首季場場爆滿的歌舞秀帶着新節目回歸。餐桌座全場供應飲品。",
    stops: [at("blue-tram", 6, 2), at("drury-lane", 30, 3), at("lyric", 95, 3)],
  },
  // --- Theatre --------------------------------------------------------------------------------
  {
    slug: "a-winter-in-sheung-wan", category: "theatre", tags: [], palette: "midnight-ink", popularity: 52,
    titleEn: "A Winter in Sheung Wan", titleZh: "上環之冬",
    artistEn: "Harbour Repertory", artistZh: "海港劇團",
    descriptionEn: "Three generations of a family gather in a dried-seafood shop on the night it is sold. A funny, aching new play performed in Cantonese with English surtitles.",
    descriptionZh: "海味舖結業前的一夜，一家三代聚首一堂。笑中有淚的全新劇作，粵語演出，設英文字幕。",
    stops: [at("cultural-centre", 2, 3), at("lyric", 24, 3)],
  },
  {
    slug: "the-last-ferry", category: "theatre", tags: [], palette: "harbour-blue", popularity: 48,
    titleEn: "The Last Ferry", titleZh: "尾班渡輪",
    artistEn: "Lamplight Theatre Collective", artistZh: "燈影劇團",
    descriptionEn: "Strangers miss the last ferry home and spend the night on the pier. A two-hander about chance meetings, told in ninety minutes without an interval.",
    descriptionZh: "兩個陌生人錯過了尾班渡輪，在碼頭度過一夜。講述萍水相逢的雙人劇，全長九十分鐘，不設中場休息。",
    stops: [at("lyric", 13, 3), at("esplanade", 41, 2), at("drury-lane", 77, 3, "CANCEL")],
  },
  {
    slug: "twelve-paper-cranes", category: "theatre", tags: [], palette: "citrus-pop", popularity: 45,
    titleEn: "Twelve Paper Cranes", titleZh: "十二隻紙鶴",
    artistEn: "Kite Theatre", artistZh: "風箏劇團",
    descriptionEn: "A grandmother teaches her grandson to fold a paper crane for every month she has left. Puppetry, live cello and a stage that unfolds like origami.",
    descriptionZh: "婆婆教孫兒每個月摺一隻紙鶴，數算餘下的日子。木偶、現場大提琴，加上如摺紙般展開的舞台。",
    stops: [at("esplanade", -40, 2), at("cultural-centre", 29, 2)],
  },
  // --- Sports ---------------------------------------------------------------------------------
  {
    slug: "harbour-invitational-football-cup", category: "sports", tags: ["football", "outdoor"], palette: "citrus-pop", popularity: 80,
    titleEn: "Harbour Invitational Football Cup", titleZh: "海港足球邀請賽",
    artistEn: "Kowloon Lions vs Pacific United", artistZh: "九龍雄獅 對 太平洋聯",
    descriptionEn: "Four clubs from three continents meet for the pre-season cup. Gates open two hours before kick-off, with a fan zone outside the stadium.",
    descriptionZh: "來自三大洲的四支球會爭奪季前盃賽。開賽前兩小時開放入場，場外設球迷區。",
    stops: [at("national-stadium", "sunday", 1), at("kai-tak", 25, 1), at("tokyo-dome", 53, 1)],
  },
  {
    slug: "asia-basketball-all-star-showcase", category: "sports", tags: ["basketball"], palette: "neon-night", popularity: 67,
    titleEn: "Asia Basketball All-Star Showcase", titleZh: "亞洲籃球全明星賽",
    artistEn: "Asia All-Stars", artistZh: "亞洲全明星隊",
    descriptionEn: "The region's best players split into two teams for a night of dunks, a three-point contest and a full exhibition game. Courtside seats sit on the floor.",
    descriptionZh: "區內頂尖球員分成兩隊，帶來入樽大賽、三分球比賽及一場完整表演賽。場邊座位設於場內。",
    stops: [at("galaxy", -32), at("asiaworld", 20), at("taipei-arena", 34), at("kspo", 48)],
  },
  {
    slug: "pacific-sevens-rugby", category: "sports", tags: ["outdoor"], palette: "jade-garden", popularity: 71,
    titleEn: "Pacific Sevens Rugby", titleZh: "太平洋七人欖球賽",
    artistEn: "Twelve national teams", artistZh: "十二支國家代表隊",
    descriptionEn: "Two days of fast, seven-a-side rugby from twelve nations, with fancy dress encouraged in the south stand. One ticket covers the whole day's matches.",
    descriptionZh: "十二國代表隊兩日激烈七人欖球賽，南看台歡迎奇裝異服。一張門票包括全日賽事。",
    stops: [at("national-stadium", -150, 2), at("kai-tak", 110, 2, "PENDING")],
  },
  {
    slug: "tennis-legends-exhibition", category: "sports", tags: [], palette: "sunset-boulevard", popularity: 57,
    titleEn: "Tennis Legends Exhibition", titleZh: "網球傳奇表演賽",
    artistEn: "Legends Tour", artistZh: "傳奇巡迴賽",
    descriptionEn: "Former Grand Slam champions return to the court for an evening of singles, mixed doubles and a coaching clinic for juniors. Rally, laugh and remember.",
    descriptionZh: "多位前大滿貫冠軍重返球場，帶來單打、混雙及青少年教練班。一晚重溫經典對決。",
    stops: [at("coliseum", 47), at("o2", 61), at("impact", 80, 1, "DISABLED")],
  },
  // --- Comedy ---------------------------------------------------------------------------------
  {
    slug: "dicky-fong-lost-in-translation", category: "comedy", tags: ["stand-up"], palette: "citrus-pop", popularity: 73,
    titleEn: "Dicky Fong: Lost in Translation", titleZh: "方迪奇棟篤笑《翻譯失誤》",
    artistEn: "Dicky Fong", artistZh: "方迪奇",
    descriptionEn: "Hong Kong's sharpest stand-up on menus, mothers and moving abroad. Performed in Cantonese with the odd English punchline.",
    descriptionZh: "香港最抵死的棟篤笑藝人，講餐牌、講阿媽、講移民。廣東話演出，間中夾雜英文笑位。",
    stops: [at("cultural-centre", "saturday", 2), at("coliseum", 58, 3), at("esplanade", 86)],
  },
  {
    slug: "priya-nair-aunty-knows-best", category: "comedy", tags: ["stand-up"], palette: "golden-hour", popularity: 50,
    titleEn: "Priya Nair: Aunty Knows Best", titleZh: "普莉雅·奈爾《阿姨最清楚》",
    artistEn: "Priya Nair", artistZh: "普莉雅·奈爾",
    descriptionEn: "The Singapore-born comic on family group chats, wedding season and the aunties who run the world. Performed in English; recommended for ages 16 and up.",
    descriptionZh: "新加坡出生的喜劇演員，講家族群組、婚禮季節，以及主宰世界的阿姨們。英語演出，建議十六歲以上觀眾。",
    stops: [at("blue-tram", 7), at("esplanade", 19), at("drury-lane", 39)],
  },
  {
    slug: "laugh-out-harbour-comedy-night", category: "comedy", tags: ["stand-up"], palette: "sunset-boulevard", popularity: 40,
    titleEn: "Laugh Out Harbour: Comedy Night", titleZh: "海港笑聲：棟篤笑之夜",
    artistEn: "Five comedians", artistZh: "五位棟篤笑藝人",
    descriptionEn: "Five comics, ten minutes each, and a headliner to close. The city's best monthly comedy night, bilingual and unpredictable.",
    descriptionZh: "五位笑匠各講十分鐘，壓軸嘉賓收尾。全城最好笑的每月棟篤笑之夜，中英夾雜，無法預測。",
    stops: [at("blue-tram", "sunday", 1), at("cultural-centre", 36)],
  },
  // --- Family ---------------------------------------------------------------------------------
  {
    slug: "dino-safari-live", category: "family", tags: ["kids"], palette: "jade-garden", popularity: 63,
    titleEn: "Dino Safari Live", titleZh: "恐龍探險樂園現場版",
    artistEn: "Dino Safari Company", artistZh: "恐龍探險劇團",
    descriptionEn: "Life-size walking dinosaurs roam the arena while young rangers help a scientist find a lost egg. Sixty minutes, perfect for ages 3 to 10.",
    descriptionZh: "真實大小的恐龍在場館漫步，小小護林員要幫科學家尋找遺失的恐龍蛋。全長六十分鐘，最適合三至十歲小朋友。",
    stops: [at("esplanade", -60, 2), at("galaxy", "saturday", 3), at("asiaworld", 26, 3), at("impact", 52, 2)],
  },
  {
    slug: "bubble-circus", category: "family", tags: ["kids"], palette: "citrus-pop", popularity: 56,
    titleEn: "Bubble Circus", titleZh: "泡泡馬戲團",
    artistEn: "Cirque Bulle", artistZh: "Cirque Bulle 泡泡團",
    descriptionEn: "Acrobats juggle, balance and tumble inside giant soap bubbles. The finale fills the theatre with thousands of them.",
    descriptionZh: "雜技員在巨型肥皂泡中拋接、平衡及翻騰。壓軸時成千上萬個泡泡充滿整個劇場。",
    stops: [at("cultural-centre", 10, 4), at("taipei-arena", 32, 3), at("kspo", 60, 2)],
  },
  {
    slug: "moonlight-puppet-theatre-jade-rabbit", category: "family", tags: ["kids"], palette: "violet-haze", popularity: 38,
    titleEn: "Moonlight Puppet Theatre: The Jade Rabbit", titleZh: "月光木偶劇場：玉兔",
    artistEn: "Moonlight Puppet Theatre", artistZh: "月光木偶劇場",
    descriptionEn: "The Mid-Autumn legend of the rabbit on the moon, told with shadow puppets and lanterns. Bilingual narration; children under 3 go free on a lap.",
    descriptionZh: "以皮影及花燈演繹中秋月兔傳說。中英雙語旁白；三歲以下小童坐在家長膝上免費入場。",
    stops: [at("lyric", 16, 3), at("esplanade", 90, 2, "CANCEL")],
  },
  // --- Festivals ------------------------------------------------------------------------------
  {
    slug: "harbourfront-sound-festival", category: "festivals", tags: ["outdoor", "rock", "pop"], palette: "sunset-boulevard", popularity: 85,
    titleEn: "Harbourfront Sound Festival", titleZh: "海濱音樂節",
    artistEn: "30+ artists on three stages", artistZh: "三個舞台 三十多組藝人",
    descriptionEn: "Two days of indie, pop and rock on the Central waterfront, with the harbour as the backdrop. Food trucks, a silent disco and the skyline lit up at sunset.",
    descriptionZh: "兩日獨立、流行及搖滾音樂，以維港作背景。美食車、無聲的士高，日落時分欣賞亮燈的天際線。",
    stops: [at("harbourfront", -175, 2), at("harbourfront", "saturday", 2)],
  },
  {
    slug: "neon-nights-electronic-festival", category: "festivals", tags: ["outdoor", "electronic"], palette: "neon-night", popularity: 78,
    titleEn: "Neon Nights Electronic Festival", titleZh: "霓虹夜電子音樂節",
    artistEn: "Thirty DJs, two nights", artistZh: "三十位DJ 兩晚狂歡",
    descriptionEn: "Two nights of house, techno and bass under the lights. Headliners play the main stage until late; the after-party tent runs even later.",
    descriptionZh: "兩晚浩室、科技舞曲及低音音樂。主舞台演出至深夜，After-party帳篷更晚才散場。",
    stops: [at("harbourfront", 27, 2), at("hollywood-bowl", 48, 2), at("harbourfront", 205, 2, "PENDING")],
  },
  {
    slug: "jazz-by-the-bay", category: "festivals", tags: ["outdoor", "jazz"], palette: "golden-hour", popularity: 60,
    titleEn: "Jazz by the Bay", titleZh: "海灣爵士節",
    artistEn: "Midnight Harbour Jazz Orchestra and guests", artistZh: "午夜海港爵士樂團及嘉賓",
    descriptionEn: "A weekend of jazz on the lawn, from trad bands in the afternoon to late-night trios. Bring a picnic blanket; the VIP deck has table service.",
    descriptionZh: "一個周末的草地爵士樂，由下午的傳統爵士到深夜的三重奏。帶備野餐墊；VIP觀景台設餐桌服務。",
    stops: [at("harbourfront", 69, 2), at("hollywood-bowl", 110, 2, "PENDING")],
  },
];
