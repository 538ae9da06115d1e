-- The style a creator last burned subtitles into a video with (issue 29).
CREATE TABLE "VideoStyle" (
    "userId" TEXT NOT NULL,
    "style" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VideoStyle_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "VideoStyle" ADD CONSTRAINT "VideoStyle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
